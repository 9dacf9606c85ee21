// Respondent data (issue 41 item 2): answers a data-subject request. Search by the reference the
// panel knows the respondent by (one study, or with no study id every study of the company), see
// the stored sessions, download them as JSON, erase them after typing ERASE. The server enforces
// who may (study users for a study, company administrators for the company) and the confirmation.
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useMutation, useResource } from '../../core/resource/hooks';
import { useGazeSelector } from '../../core/store/context';
import { selectCompanySettingsAllowed } from '../../core/session/selectors';
import { eraseRespondent, exportFileName, exportRespondent, respondentMatches } from '../../core/privacy/privacy';
import { PRIVACY_MESSAGES, REFERENCE_MAX } from '../../core/api/privacy';
import { Actions, Button, Card, ConfirmDialog, ErrorText, Heading, Spinner, SuccessText, TextField, VisuallyHidden, formatDateTime, tokens } from '../../ui';
import { saveFile } from '../../core/download/download';

const Wrap = styled.div`
  container-type: inline-size;
  display: grid;
  gap: 12px;
  form { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
  form > :first-child { flex: 1 1 240px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${tokens.border}; vertical-align: top; }
  td.n { text-align: right; }
  p { margin: 0; }
  @container (max-width: 600px) {
    thead { display: none; }
    table, tbody, tr, td { display: block; }
    tr { border-bottom: 1px solid ${tokens.border}; padding: 6px 0; }
    td { border: 0; padding: 2px 4px; }
    td.n { text-align: left; }
    td[data-label]::before { content: attr(data-label) ': '; font-weight: 600; }
  }
`;

/** Saves the export as a file, through the SDK's one saver (nothing leaves the browser but the download). */
function download(name: string, data: unknown): void {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);
}

export interface RespondentDataProps {
  /** The study searched; absent: every study of the acting company (company administrators). */
  studyId?: string;
}

export function RespondentData({ studyId }: RespondentDataProps) {
  const scope = studyId && Number(studyId) > 0 ? Number(studyId) : null;
  const [typed, setTyped] = useState('');
  const [reference, setReference] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmText, setConfirmText] = useState('');
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const query = { scope, reference: reference ?? '' };
  const matches = useResource(respondentMatches, query, { enabled: reference !== null });
  const exporter = useMutation(exportRespondent, `${scope}`);
  const eraser = useMutation(eraseRespondent, `${scope}`);
  const headingId = useId();
  // Company-wide requests are for company administrators: before the user is known (a host that
  // passes only a token) the form shows and the server's 403 answers for it.
  const admin = useGazeSelector(selectCompanySettingsAllowed);
  const companyRefused = scope === null && admin === false;

  // The export arrives in the store: hand it to the browser as a file once per run.
  useEffect(() => {
    if (exporter.done && exporter.result) download(exportFileName(exporter.result.reference), exporter.result);
  }, [exporter.done, exporter.count]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { if (eraser.done) setConfirming(false); }, [eraser.done, eraser.count]);

  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const r = typed.trim();
    if (!r) { setInputError(PRIVACY_MESSAGES.referenceRequired); return; }
    setInputError(null);
    eraser.reset();
    exporter.reset();
    if (r === reference) matches.refetch();
    setReference(r);
  };
  const erase = () => {
    if (confirmText.trim() !== 'ERASE') { setConfirmError(PRIVACY_MESSAGES.confirmRequired); return; }
    eraser.run(query);
  };

  const erasedNow = eraser.done && eraser.result && reference !== null;
  const rows = !erasedNow && matches.data && !matches.previous ? matches.data : null;
  const notFound = reference !== null && matches.status === 'error' && matches.errorStatus === 404;

  return (
    <Card part="respondent-data">
      <Wrap>
        <Heading as="h2" id={headingId}>Respondent data</Heading>
        <p>
          Find a respondent by the reference their panel knows them by, {scope === null ? 'in every study of your company' : 'in this study'}, to
          export everything stored for them as JSON or erase it.
        </p>
        {companyRefused ? (
          <p part="empty">Only company administrators can search every study of the company; open a study&apos;s overview to answer a request for that study.</p>
        ) : null}
        {companyRefused ? null : <form onSubmit={search} role="search" aria-labelledby={headingId} part="search">
          <TextField label="Panel reference" name="reference" value={typed} maxLength={REFERENCE_MAX} autoComplete="off"
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setTyped(e.target.value)} error={inputError} />
          <Button type="submit" part="button" disabled={reference !== null && matches.status === 'loading'}>Find</Button>
        </form>}
        <div aria-live="polite">
          {reference !== null && matches.status === 'loading' ? <p part="loading" role="status"><Spinner $size={16} /> Searching…</p> : null}
          {notFound ? <p part="empty">{PRIVACY_MESSAGES.notFound}</p> : null}
          {reference !== null && matches.status === 'error' && !notFound ? (
            <ErrorText>
              The search failed ({matches.error}).{' '}
              <Button $variant="link" onClick={matches.refetch}>Try again</Button>
            </ErrorText>
          ) : null}
          {erasedNow ? (
            <SuccessText>
              Erased {eraser.result!.erased} {eraser.result!.erased === 1 ? 'session' : 'sessions'} in {eraser.result!.studies.length}{' '}
              {eraser.result!.studies.length === 1 ? 'study' : 'studies'}; the reports were rebuilt without them.
            </SuccessText>
          ) : null}
        </div>
        {rows ? (
          <>
            <table part="matches">
              <caption><VisuallyHidden>Stored sessions of {reference}</VisuallyHidden></caption>
              <thead>
                <tr>
                  {scope === null ? <th scope="col">Study</th> : null}
                  <th scope="col">Panel</th><th scope="col">Status</th><th scope="col">Stored</th>
                  <th scope="col">Stims seen</th><th scope="col">With raw gaze</th><th scope="col">Answers</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.participant_id}>
                    {scope === null ? <td data-label="Study">{m.study_name}</td> : null}
                    <td data-label="Panel">{m.panel_name ?? '—'}</td>
                    <td data-label="Status">{m.status}{m.is_test ? ' (test)' : ''}</td>
                    <td data-label="Stored">{formatDateTime(m.created_at)}</td>
                    <td className="n" data-label="Stims seen">{m.exposures}</td>
                    <td className="n" data-label="With raw gaze">{m.gaze_exposures}</td>
                    <td className="n" data-label="Answers">{m.answers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Actions>
              <Button $variant="secondary" part="export" disabled={exporter.pending} aria-busy={exporter.pending || undefined}
                onClick={() => exporter.run(query)}>
                Export JSON
              </Button>
              <Button $variant="danger" part="erase" disabled={eraser.pending}
                onClick={() => { setConfirmText(''); setConfirmError(null); eraser.reset(); setConfirming(true); }}>
                Erase…
              </Button>
              {exporter.pending ? <Spinner $size={16} /> : null}
            </Actions>
            {exporter.status === 'error' ? <ErrorText>The export failed ({exporter.error}).</ErrorText> : null}
          </>
        ) : null}
        <ConfirmDialog
          open={confirming}
          title="Erase this respondent's data?"
          danger
          busy={eraser.pending}
          confirmLabel="Erase"
          onCancel={() => setConfirming(false)}
          onConfirm={erase}
          message={(
            <div>
              <p>
                Every stored session of {reference} ({rows?.length ?? 0}) is removed with its gaze, viewability, answers and
                demographics, and the reports are rebuilt without them. This cannot be undone; export first if the respondent
                asked for a copy.
              </p>
              <TextField label="Type ERASE to confirm" name="confirm" value={confirmText} autoComplete="off"
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => { setConfirmText(e.target.value); setConfirmError(null); }}
                error={confirmError ?? (eraser.status === 'error' ? eraser.error : null)} />
            </div>
          )}
        />
      </Wrap>
    </Card>
  );
}

