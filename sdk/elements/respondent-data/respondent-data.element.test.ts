// Issue 41 item 2: <gaze-respondent-data> finds a respondent's sessions by panel reference, says
// when there are none, and erases only after ERASE is typed (the erase call carries it).
import { expect } from '@open-wc/testing';
import './respondent-data.element';
import { $, $$, buttonByText, byLabel, mount, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';
import type { RecordedRequest } from '../../core/api/test-transport';

const MATCH = {
  participant_id: 11, study_id: 7, study_name: 'Spring study', panel_name: 'Northstar', cell_id: 3, status: 'complete', is_test: false,
  created_at: '2026-11-20T10:00:00Z', exposures: 2, gaze_exposures: 1, answers: 4,
};

function fakeServer() {
  let erased = false;
  return stubHttp((req: RecordedRequest) => {
    const body = req.body as { reference?: string; confirm?: string };
    if (req.url === '/v1.0/studies/7/respondents/find') {
      return body.reference === 'PR-1' && !erased
        ? { data: { success: true, reference: 'PR-1', data: [MATCH] } }
        : { status: 404, data: { success: false, message: 'No respondent with this reference' } };
    }
    if (req.url === '/v1.0/studies/7/respondents/erase') {
      if (body.confirm !== 'ERASE') return { status: 400, data: { success: false, message: 'Validation failed' } };
      erased = true;
      return { data: { success: true, erased: 1, studies: [7] } };
    }
    return { status: 404, data: { success: false, message: 'Not found' } };
  });
}

describe('<gaze-respondent-data>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: false }));
    localStorage.setItem('token', 't0k');
  });

  it('finds sessions by reference (trimmed), says when there are none, and erases only after ERASE is typed', async () => {
    const http = fakeServer();
    const el = await mount('gaze-respondent-data', { 'study-id': '7' });
    await waitForText(el, 'Respondent data');

    typeInto(byLabel(el, 'Panel reference'), 'nobody');
    buttonByText(el, 'Find').click();
    await waitForText(el, 'No respondent with this reference');

    typeInto(byLabel(el, 'Panel reference'), '  PR-1 ');
    buttonByText(el, 'Find').click();
    await waitFor(() => $(el, 'table[part="matches"] tbody tr'), 'the session row');
    const cells = $$(el, 'table[part="matches"] tbody td').map((c) => c.textContent);
    expect(cells).to.include.members(['Northstar', 'complete', '2', '1', '4']);
    const finds = http.requests.filter((r) => r.url.endsWith('/find'));
    expect(finds.at(-1)!.body).to.deep.equal({ reference: 'PR-1' });

    buttonByText(el, 'Erase…').click();
    const dialog = await waitFor(() => $(el, '[role="alertdialog"]'), 'confirmation');
    const confirm = $$(el, '[role="alertdialog"] button').find((b) => b.textContent?.trim() === 'Erase') as HTMLButtonElement;
    confirm.click();
    await waitForText(el, 'Type the word ERASE to confirm the erasure');
    expect(http.requests.some((r) => r.url.endsWith('/erase'))).to.equal(false);
    expect(dialog.isConnected).to.equal(true);

    typeInto(byLabel(el, 'Type ERASE to confirm'), 'ERASE');
    confirm.click();
    await waitForText(el, 'Erased 1 session in 1 study');
    const erase = http.requests.find((r) => r.url.endsWith('/erase'))!;
    expect(erase.method).to.equal('POST');
    expect(erase.body).to.deep.equal({ reference: 'PR-1', confirm: 'ERASE' });
    expect($(el, 'table[part="matches"]')).to.equal(null);
    expect(text(el)).not.to.include('Northstar');
  });
});
