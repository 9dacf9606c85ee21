// The order confirmation (spec D3 §2.9): the thank-you texts, Back to home / Continue to study
// details, and — when this tab created the study (the new-study success message exists) — the
// links table: test and real study links, 'Automate' for super users, the page previews. The study
// is read first: an unknown or another company's study is the not-found state.
import { useState } from 'react';
import styled from 'styled-components';
import { useMutation, useResource } from '../../core/resource/hooks';
import { useGazeSelector } from '../../core/store/context';
import { selectSuperUser } from '../../core/session/selectors';
import { orderRunThrough, studyDetails } from '../../core/study/study';
import { createdMessage, ordinal, stripParticipant } from '../../core/study-create/created';
import { ButtonLink, Button, Card, ConfirmDialog, ErrorText, NotFoundState, Spinner, SuccessText, Tooltip, tokens } from '../../ui';

export const TEXT = {
  thanks: 'Thank you for your order.',
  ready: (id: number) => `Your project is ready number ${id}. We will send you an update when your order has been setup.`,
  home: 'Back to home',
  details: 'Continue to study details',
  previews: 'Study Previews',
  test: 'Take a test study',
  testNote: 'results not counted',
  real: 'Take a real study',
  realNote: 'data counted in final results',
  automate: 'Automate',
  automateQuestion: 'Confirm trigger of the study run-through test?',
  onlyAdmin: 'Only Admin can automate this study',
  pages: 'Page Previews',
  viewPage: 'View page',
  pageRow: (n: number) => `View Page ${n}`,
  pageNote: (n: number) => `This will be the ${ordinal(n)} test page your respondents will see`,
} as const;

const Wrap = styled.div`
  font-family: var(--gaze-font);
  color: var(--gaze-text);
  max-width: 960px;
  h1 { font-size: 1.5rem; margin: 0 0 ${tokens.space4}; }
  table { width: 100%; border-collapse: collapse; margin-top: ${tokens.space5}; }
  th, td { text-align: left; padding: ${tokens.space3} ${tokens.space2}; border-bottom: 1px solid var(--gaze-border); vertical-align: middle; }
  caption { text-align: left; font-weight: 600; font-size: 1.1rem; padding: ${tokens.space2} 0; }
  /* The note sits under its row name, apart from it (issue 38: 'Take a test studyresults not counted'). */
  th small, td small { display: block; opacity: 0.8; font-weight: normal; }
  @container (max-width: 520px) {
    th, td { display: block; border: 0; padding: ${tokens.space1} 0; }
    tr { display: block; border-bottom: 1px solid var(--gaze-border); padding: ${tokens.space2} 0; }
  }
`;
const Row = styled.div`display: flex; flex-wrap: wrap; gap: ${tokens.space2}; margin: ${tokens.space4} 0;`;
const Cell = styled.div`display: flex; flex-wrap: wrap; gap: ${tokens.space2}; align-items: center;`;

/**
 * Which page of its respondents' journey entry `i` is: its place among the pages of the same cell.
 * When every cell shows its own page (embedded study, each entry names its cell) each is their
 * first; otherwise all entries are one cell's pages in order.
 */
function orderInCell(urls: { cell_name?: string }[], i: number): number {
  return urls.slice(0, i + 1).filter((u) => u.cell_name === urls[i].cell_name).length;
}

export interface OrderConfirmationProps { studyId?: string }

export function OrderConfirmation({ studyId }: OrderConfirmationProps) {
  const id = /^[1-9]\d{0,9}$/.test(studyId ?? '') ? Number(studyId) : null;
  const superUser = useGazeSelector(selectSuperUser);
  const automate = useMutation(orderRunThrough, String(id));
  const [confirm, setConfirm] = useState(false);
  // The confirmation is of a study the caller can see: an unknown id or another company's study
  // (the server answers 404 for both, never saying which) is not found, not "ready" (issue 35).
  const study = useResource(studyDetails, id ?? 0, { enabled: id !== null });
  if (id === null || study.errorStatus === 404) {
    return <NotFoundState level={1} title="Study not found" backHref="/my_studies" backLabel="Back to my studies">There is no study with this number.</NotFoundState>;
  }
  if (study.loading) return <Wrap part="order-confirmation"><Spinner /></Wrap>;
  if (study.error) {
    return (
      <Wrap part="order-confirmation">
        <h1>Thank-you page</h1>
        <ErrorText role="alert">Could not load the study: {study.error}</ErrorText>
        <Button $variant="secondary" onClick={study.refetch}>Try again</Button>
      </Wrap>
    );
  }
  const message = createdMessage(id);
  return (
    <Wrap part="order-confirmation" style={{ containerType: 'inline-size' }}>
      <Card>
        <h1>{TEXT.thanks}</h1>
        <p part="ready">{TEXT.ready(id)}</p>
        <Row>
          <ButtonLink part="home" href="/">{TEXT.home}</ButtonLink>
          <ButtonLink part="details" href={`/my_studies/overview/${id}/`}>{TEXT.details}</ButtonLink>
        </Row>
        {message ? (
          <>
            <table part="links">
              <caption>{TEXT.previews}</caption>
              <tbody>
                <tr>
                  <th scope="row">{TEXT.test} <small>{TEXT.testNote}</small></th>
                  <td>
                    <Cell>
                      <ButtonLink part="test-link" href={stripParticipant(message.start_url_test)} target="_blank" rel="noopener">{TEXT.test}</ButtonLink>
                      {superUser ? (
                        <Button part="automate" $variant="secondary" onClick={() => { automate.reset(); setConfirm(true); }}>{TEXT.automate}</Button>
                      ) : (
                        <Tooltip content={TEXT.onlyAdmin}>
                          <Button part="automate" $variant="secondary" aria-disabled="true" onClick={(e) => e.preventDefault()}>{TEXT.automate}</Button>
                        </Tooltip>
                      )}
                    </Cell>
                  </td>
                </tr>
                <tr>
                  <th scope="row">{TEXT.real} <small>{TEXT.realNote}</small></th>
                  <td><ButtonLink part="real-link" href={stripParticipant(message.start_url)} target="_blank" rel="noopener">{TEXT.real}</ButtonLink></td>
                </tr>
              </tbody>
            </table>
            {automate.done ? <SuccessText>Run-through ordered: it is queued.</SuccessText> : null}
            {automate.error ? <ErrorText>{automate.error}</ErrorText> : null}
            {message.incontext_urls.length ? (
              <table part="pages">
                <caption>{TEXT.pages}</caption>
                <tbody>
                  {message.incontext_urls.map((u, i) => (
                    <tr key={i} part="page-row" data-cell={u.cell_name}>
                      <th scope="row">{TEXT.pageRow(i + 1)}{u.cell_name ? ' ' : null}{u.cell_name ? <small part="page-cell">{u.cell_name}</small> : null}</th>
                      <td>{TEXT.pageNote(orderInCell(message.incontext_urls, i))}</td>
                      <td><ButtonLink href={u.step_url} target="_blank" rel="noopener">{TEXT.viewPage}</ButtonLink></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        ) : null}
      </Card>
      <ConfirmDialog
        open={confirm}
        title={TEXT.automate}
        message={TEXT.automateQuestion}
        confirmLabel="Confirm"
        busy={automate.pending}
        onConfirm={() => { automate.run(id); setConfirm(false); }}
        onCancel={() => setConfirm(false)}
      />
    </Wrap>
  );
}
