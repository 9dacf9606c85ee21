// The Share / Embed dialog (issue 20 item 1): a researcher creates a read-only embed token for a
// study (optionally its selected stims and some report types), bound to pages of the company's
// allowed origins and expiring; copies the snippet (one script tag + the report element); lists
// and revokes the study's tokens; and manages the company's allowed origins (item 2).
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useApi, useMutation, useResource } from '../../core/resource/hooks';
import { useGazeSelector } from '../../core/store/context';
import { selectCompanySettingsAllowed } from '../../core/session/selectors';
import {
  REPORT_TYPE_LABELS, addOrigin, allowedOrigins, createEmbed, embedSnippet, embedTokens, removeOrigin, revokeEmbed,
} from '../../core/embed/embed';
import { stimTree } from '../../core/reports/reports';
import { needsStims, treeStims } from '../../core/reports/keys';
import { EMBED_DEFAULT_DAYS, EMBED_MESSAGES, EMBED_NAME_MAX, EMBED_REPORT_TYPES, type EmbedReportType, type EmbedTokenView } from '../../core/api/embed';
import {
  Actions, Button, CheckboxGroup, ConfirmDialog, CopyButton, ErrorText, Modal, Select, Spinner, SuccessText, TextField, VisuallyHidden, formatDate, tokens,
} from '../../ui';

const Body = styled.div`
  display: grid;
  gap: 20px;
  max-width: 720px;
  h3 { margin: 0 0 8px; font-size: 1rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${tokens.border}; vertical-align: top; }
  td.pages { overflow-wrap: anywhere; }
  ul.origins { list-style: none; margin: 0 0 8px; padding: 0; display: grid; gap: 4px; }
  ul.origins li { display: flex; gap: 8px; align-items: center; justify-content: space-between; overflow-wrap: anywhere; }
  .add-origin { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
  .add-origin > :first-child { flex: 1 1 220px; }
  textarea { font-family: ui-monospace, monospace; font-size: 0.85em; }
  @media (max-width: 600px) {
    thead { display: none; }
    table, tbody, tr, td { display: block; }
    tr { border-bottom: 1px solid ${tokens.border}; padding: 6px 0; }
    td { border: 0; padding: 2px 4px; }
  }
`;

const EXPIRY_OPTIONS = [7, 30, 90, 365].map((d) => ({ value: String(d), label: `${d} days` }));
const isReportType = (v: string | undefined): v is EmbedReportType => EMBED_REPORT_TYPES.includes(v as EmbedReportType);
const snippetTypeOf = (types: string[], reportType?: EmbedReportType): EmbedReportType => (types[0] as EmbedReportType | undefined) ?? reportType ?? 'compare';

/** Stim ids of keys cell:step:study:stim separated by '|' (the report elements' `stims`). */
export const stimIdsOf = (keys: string | undefined): number[] =>
  [...new Set((keys ?? '').split('|').map((k) => Number(k.split(':')[3])).filter((n) => Number.isInteger(n) && n > 0))];

function Origins() {
  const list = useResource(allowedOrigins, undefined);
  const add = useMutation(addOrigin);
  const remove = useMutation(removeOrigin);
  const [value, setValue] = useState('');
  useEffect(() => { if (add.done) setValue(''); }, [add.done, add.count]);
  // Company administrators (and super users) change the list; before a user is known (a host that
  // only passes a token) the form shows and the server's 403 answers for it.
  const canChange = useGazeSelector(selectCompanySettingsAllowed) !== false;
  return (
    <section aria-labelledby="gz-origins-h" part="origins">
      <h3 id="gz-origins-h">Allowed origins of your company</h3>
      {list.data ? (
        list.data.length ? (
          <ul className="origins">
            {list.data.map((o) => (
              <li key={o.id}>
                <span>{o.origin}</span>
                {canChange && <Button $variant="link" disabled={remove.pending} onClick={() => remove.run(o.id)} aria-label={`Remove ${o.origin}`}>Remove</Button>}
              </li>
            ))}
          </ul>
        ) : <p>{EMBED_MESSAGES.noOrigins}</p>
      ) : list.error ? <ErrorText>{list.error}</ErrorText> : <Spinner />}
      {remove.status === 'error' && <ErrorText>{remove.error}</ErrorText>}
      {canChange ? <form className="add-origin" onSubmit={(e) => { e.preventDefault(); if (value.trim()) add.run(value.trim()); }}>
        <TextField label="Add an allowed origin" placeholder="https://intranet.example.com" value={value} onChange={(e) => setValue(e.currentTarget.value)}
          error={add.status === 'error' ? add.error : null} />
        <Button type="submit" $variant="secondary" disabled={add.pending || !value.trim()}>Add origin</Button>
      </form> : <p>{EMBED_MESSAGES.originsAdminsOnly}</p>}
    </section>
  );
}

function TokenList({ studyId }: { studyId: number }) {
  const list = useResource(embedTokens, studyId);
  const revoke = useMutation(revokeEmbed);
  const [confirm, setConfirm] = useState<EmbedTokenView | null>(null);
  useEffect(() => { if (revoke.done) setConfirm(null); }, [revoke.done, revoke.count]);
  return (
    <section aria-labelledby="gz-tokens-h" part="tokens">
      <h3 id="gz-tokens-h">Embed tokens of this study</h3>
      {!list.data ? (list.error ? <ErrorText>{list.error}</ErrorText> : <Spinner />) : list.data.length === 0 ? <p>{EMBED_MESSAGES.noTokens}</p> : (
        <table part="tokens-table" aria-busy={list.loading || undefined}>
          <thead><tr><th scope="col">Name</th><th scope="col">Reports</th><th scope="col">Pages</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col"><VisuallyHidden>Revoke</VisuallyHidden></th></tr></thead>
          <tbody>
            {list.data.map((t) => (
              <tr key={t.id}>
                <td>{t.name}<br /><small>by {t.created_by}</small></td>
                <td>{t.report_types ? t.report_types.map((r) => REPORT_TYPE_LABELS[r as EmbedReportType] ?? r).join(', ') : 'All reports'}{t.stim_ids ? ` · ${t.stim_ids.length} stim${t.stim_ids.length === 1 ? '' : 's'}` : ''}</td>
                <td className="pages">{t.origins.length ? t.origins.join(', ') : 'Our own pages only'}</td>
                <td>{formatDate(t.expires_at)}</td>
                <td>{t.status === 'active' ? 'Active' : t.status === 'expired' ? 'Expired' : 'Revoked'}</td>
                <td>{t.status === 'active' ? <Button $variant="danger" onClick={() => setConfirm(t)} aria-label={`Revoke ${t.name}`}>Revoke</Button> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog open={confirm !== null} title="Revoke embed token" danger confirmLabel="Revoke" busy={revoke.pending}
        message={<>{`Pages using '${confirm?.name ?? ''}' stop showing the report at once.`}{revoke.status === 'error' ? <ErrorText>{revoke.error}</ErrorText> : null}</>}
        onConfirm={() => confirm && revoke.run({ studyId, tokenId: confirm.id })} onCancel={() => { setConfirm(null); revoke.reset(); }} />
    </section>
  );
}

function CreateForm({ studyId, reportType, stims }: { studyId: number; reportType?: EmbedReportType; stims?: string }) {
  const api = useApi();
  const origins = useResource(allowedOrigins, undefined);
  const create = useMutation(createEmbed);
  const stimIds = stimIdsOf(stims);
  const [name, setName] = useState(reportType ? `${REPORT_TYPE_LABELS[reportType]} embed` : 'Study reports embed');
  const [types, setTypes] = useState<string[]>(reportType ? [reportType] : []);
  const [onlyStims, setOnlyStims] = useState<string[]>(stimIds.length ? ['only'] : []);
  const [pages, setPages] = useState<string[]>([]);
  const [days, setDays] = useState(String(EMBED_DEFAULT_DAYS));
  const [nameError, setNameError] = useState<string | null>(null);
  const tree = useResource(stimTree, studyId, { enabled: !stims });
  const allStims = useMemo(() => (tree.data ? treeStims(tree.data) : []), [tree.data]);
  const [pickedStims, setPickedStims] = useState<string[] | null>(null);
  const chosenStims = pickedStims ?? allStims.map((t) => t.key);
  const [stimsError, setStimsError] = useState<string | null>(null);

  const submit = () => {
    if (!name.trim()) { setNameError('Name required'); return; }
    setNameError(null);
    if (!stims && tree.data && needsStims(snippetTypeOf(types, reportType)) && !chosenStims.length) { setStimsError('Please select at least one stim'); return; }
    setStimsError(null);
    create.run({
      studyId,
      body: {
        name: name.trim(), origins: pages, expires_in_days: Number(days),
        report_types: types.length ? (types as EmbedReportType[]) : null,
        stim_ids: onlyStims.length && stimIds.length ? stimIds : null,
      },
    });
  };
  const result = create.done ? create.result : null;
  const snippetType = snippetTypeOf(types, reportType);
  // Opened without a selection (the study overview): the snippet still needs the stims a compare,
  // KPI or feature widget shows, or the pasted widget only says 'Please select at least one stim'.
  const snippetStims = stims || (needsStims(snippetType) ? chosenStims.join('|') : '');
  return (
    <section aria-labelledby="gz-create-h" part="create">
      <h3 id="gz-create-h">New embed token</h3>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
        <TextField label="Name" value={name} maxLength={EMBED_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} error={nameError} />
        <CheckboxGroup legend="Reports it opens" hint="None checked: every report of the study" orientation="horizontal"
          options={EMBED_REPORT_TYPES.map((r) => ({ value: r, label: REPORT_TYPE_LABELS[r] }))} value={types} onChange={setTypes} />
        {stimIds.length ? (
          <CheckboxGroup legend="Stims" options={[{ value: 'only', label: `Only the ${stimIds.length} selected stim${stimIds.length === 1 ? '' : 's'}` }]} value={onlyStims} onChange={setOnlyStims} />
        ) : null}
        {!stims && allStims.length && needsStims(snippetType) ? (
          <CheckboxGroup legend="Stims the widget shows" hint="The snippet's stims attribute" options={allStims.map((t) => ({ value: t.key, label: `${t.name} (${t.cellName}, step ${t.stepNumber})` }))}
            value={chosenStims} onChange={(v) => { setPickedStims(v); setStimsError(null); }} error={stimsError} />
        ) : null}
        {origins.data?.length ? (
          <CheckboxGroup legend="Pages that may show it" hint="None checked: only our own pages (My Reports)"
            options={origins.data.map((o) => ({ value: o.origin, label: o.origin }))} value={pages} onChange={setPages} />
        ) : <p>{EMBED_MESSAGES.noOrigins}: add your intranet&apos;s origin below to embed it there.</p>}
        <Select label="Expires after" options={EXPIRY_OPTIONS} value={days} onChange={setDays} />
        <Actions>
          <Button type="submit" disabled={create.pending}>Create embed token</Button>
        </Actions>
        {create.status === 'error' ? <ErrorText>{create.error}</ErrorText> : null}
      </form>
      {result ? (
        <div part="snippet">
          <SuccessText>Embed token created. Copy the snippet now: the token is shown only once.</SuccessText>
          <TextField multiline readOnly rows={4} label="Embed snippet"
            value={embedSnippet({ apiBase: api.apiBase, reportType: snippetType, studyId, stims: snippetStims || undefined, token: result.token })} />
          <CopyButton text={embedSnippet({ apiBase: api.apiBase, reportType: snippetType, studyId, stims: snippetStims || undefined, token: result.token })} label="Copy the embed snippet" fallbackHint="select the snippet instead" />
        </div>
      ) : null}
    </section>
  );
}

export function ShareEmbed({ studyId, reportType, stims, open: openAttr }: { studyId?: string; reportType?: string; stims?: string; open?: boolean }) {
  const id = Number(studyId);
  const valid = Number.isInteger(id) && id > 0;
  const [open, setOpen] = useState(Boolean(openAttr));
  useEffect(() => { setOpen(Boolean(openAttr)); }, [openAttr]);
  if (!valid) return <ErrorText>No study selected.</ErrorText>;
  return (
    <>
      <Button $variant="secondary" part="trigger" onClick={() => setOpen(true)} aria-haspopup="dialog">Share / Embed</Button>
      <Modal open={open} title="Share / Embed" onClose={() => setOpen(false)} part="share-dialog">
        <Body>
          <CreateForm studyId={id} reportType={isReportType(reportType) ? reportType : undefined} stims={stims} />
          <TokenList studyId={id} />
          <Origins />
        </Body>
      </Modal>
    </>
  );
}
