// Take tests that are not about consent (issue 41) play a respondent who agrees: the start's
// answer is given the token carrying the consent, as the runner's consent screen gets it.
import type { FastifyInstance } from 'fastify';
import type { Response as LightMyRequestResponse } from 'light-my-request';

export async function consented(app: FastifyInstance, studyId: number, res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  if (res.statusCode !== 200) return res;
  const body = res.json();
  if (!body.consent || !body.token) return res;
  const agreed = await app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/consent`, payload: { token: body.token, agree: true, version: body.consent.version } });
  if (agreed.statusCode !== 200) throw new Error(`consent refused: ${agreed.body}`);
  const patched = JSON.stringify({ ...body, token: agreed.json().token });
  return Object.assign(res, { json: () => JSON.parse(patched), body: patched, payload: patched });
}
