// The board's dialogs (spec document 2 §2.3, §5): Add new cell, Create new step (choices, each
// type's panel, new external / embedded items, the cache-page creation panel), Edit step.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Actions, Button, ErrorText, Modal, SearchBox, Select, Spinner, SuccessText, TextField, Tooltip, tokens } from '../../ui';
import { useMutation, useResource } from '../../core/resource/hooks';
import { nextButtonTypes, orderCachePage, stepOptions } from '../../core/board/board';
import type { BoardStep, CreateStepBody, OptionType, StepOption } from '../../core/api/board';
import { CELL_NAME_MAX, SHORT_NAME_MAX, STEP_SECONDS_MAX } from '../../../contract/values/board';
import {
  cellErrors, INVALID_URL_MESSAGE, isValidUrl, matchesSearch, optionTypeOf, STEP_CHOICES, urlPreview, type StepChoice,
} from './logic';

const Form = styled.form`
  display: grid;
  gap: ${tokens.space3};
  .required { color: ${tokens.muted}; font-size: 0.85em; margin: 0; }
`;

// ---- Add new cell --------------------------------------------------------------------------------

export function AddCellDialog({ open, busy, failed, onClose, onCreate }: {
  open: boolean; busy: boolean; failed: boolean; onClose: () => void; onCreate: (cellName: string, shortName: string) => void;
}) {
  const [v, setV] = useState({ cellName: '', shortName: '' });
  const [touched, setTouched] = useState({ cellName: false, shortName: false });
  useEffect(() => {
    if (open) { setV({ cellName: '', shortName: '' }); setTouched({ cellName: false, shortName: false }); }
  }, [open]);
  const errors = cellErrors(v);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ cellName: true, shortName: true });
    if (errors.cellName || errors.shortName) return;
    onCreate(v.cellName.trim(), v.shortName.trim());
  };
  return (
    <Modal open={open} title="Add new cell" onClose={onClose} part="add-cell-dialog">
      <Form onSubmit={submit} noValidate>
        <TextField label="Long name" value={v.cellName} error={touched.cellName ? errors.cellName : null}
          onChange={(e) => setV({ ...v, cellName: e.target.value })} onBlur={() => setTouched({ ...touched, cellName: true })} />
        <TextField label="Short name" value={v.shortName} error={touched.shortName ? errors.shortName : null}
          onChange={(e) => setV({ ...v, shortName: e.target.value })} onBlur={() => setTouched({ ...touched, shortName: true })} />
        <p className="required">{`Long name: at most ${CELL_NAME_MAX} characters. Short name: at most ${SHORT_NAME_MAX}.`}</p>
        {failed ? <ErrorText role="alert">Something went wrong</ErrorText> : null}
        <Actions>
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={busy}>{busy ? 'Creating...' : 'Create cell'}</Button>
        </Actions>
      </Form>
    </Modal>
  );
}

// ---- Edit step -----------------------------------------------------------------------------------

const Slider = styled.label`
  display: grid;
  gap: ${tokens.space1};
  .row { display: flex; align-items: center; gap: ${tokens.space3}; }
  input[type='range'] { flex: 1; accent-color: ${tokens.primaryStrong}; }
  output { min-width: 4ch; text-align: right; font-variant-numeric: tabular-nums; }
`;

function SecondsSlider({ label, value, onChange }: { label: string; value: number; onChange: (n: number) => void }) {
  return (
    <Slider>
      <span>{label}</span>
      <span className="row">
        <input type="range" min={0} max={STEP_SECONDS_MAX} step={1} value={value} aria-valuetext={`${value} seconds`}
          onChange={(e) => onChange(Number(e.target.value))} />
        <output>{`${value} s`}</output>
      </span>
    </Slider>
  );
}

export function EditStepDialog({ step, busy, onClose, onSave }: {
  step: BoardStep | null; busy: boolean; onClose: () => void;
  onSave: (v: { seconds_before_show_next: number; seconds_before_move_next: number; next_type_id: number | null }) => void;
}) {
  const types = useResource(nextButtonTypes, undefined);
  const [show, setShow] = useState(0);
  const [move, setMove] = useState(0);
  const [next, setNext] = useState('');
  useEffect(() => {
    if (!step) return;
    // Empty means 0 (D2-134).
    setShow(Math.round(step.seconds_before_show_next ?? 0));
    setMove(Math.round(step.seconds_before_move_next ?? 0));
    setNext(step.next_type_id ? String(step.next_type_id) : '');
  }, [step]);
  return (
    <Modal open={step !== null} title="Edit step" onClose={onClose} part="edit-step-dialog">
      <Form onSubmit={(e) => { e.preventDefault(); onSave({ seconds_before_show_next: show, seconds_before_move_next: move, next_type_id: next ? Number(next) : null }); }}>
        <p>{step?.step_name}</p>
        <SecondsSlider label="Seconds before show next step" value={show} onChange={setShow} />
        <SecondsSlider label="Seconds before move next step" value={move} onChange={setMove} />
        <Select label="Type of next button" value={next} onChange={setNext} placeholder="Choose..."
          options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.description }))} />
        <Actions>
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={busy}>{busy ? 'Saving...' : 'Save'}</Button>
        </Actions>
      </Form>
    </Modal>
  );
}

// ---- Create new step -----------------------------------------------------------------------------

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: ${tokens.space3};
  fieldset { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; margin: 0; padding: ${tokens.space2} ${tokens.space3}; display: grid; justify-items: start; }
  legend { font-weight: 600; padding: 0 ${tokens.space1}; }
  label { display: flex; gap: ${tokens.space2}; align-items: center; padding: 2px 0; cursor: pointer; }
`;
const Scroll = styled.div`
  overflow: auto;
  max-height: 50vh;
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${tokens.border}; vertical-align: middle; }
  th { font-weight: 600; white-space: nowrap; }
  .url { display: inline-flex; align-items: center; gap: ${tokens.space1}; }
`;
const Panel = styled.div`
  display: grid;
  gap: ${tokens.space3};
  .bar { display: flex; gap: ${tokens.space2}; align-items: end; flex-wrap: wrap; justify-content: space-between; }
  .sub { border: 1px dashed ${tokens.border}; border-radius: ${tokens.radius}; padding: ${tokens.space3}; display: grid; gap: ${tokens.space2}; }
`;

interface Column { header: string; cell: (o: StepOption) => ReactNode }

function CopyUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <span className="url">
      <span title={url}>{urlPreview(url)}</span>
      <Button type="button" $variant="link" aria-label={`Copy ${url}`}
        onClick={() => { void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(true)); }}>Copy</Button>
      {copied ? <SuccessText role="status">Copied successfully</SuccessText> : null}
    </span>
  );
}

const COLUMNS: Record<Exclude<OptionType, 'command'>, Column[]> = {
  instruction: [{ header: 'ID', cell: (o) => o.step_id ?? o.id }, { header: 'Name', cell: (o) => o.instruction_name ?? o.name }],
  cache: [
    { header: 'Id', cell: (o) => o.id }, { header: 'Name', cell: (o) => o.name },
    { header: 'Original Page link', cell: (o) => (o.original_source ? <a href={o.original_source} target="_blank" rel="noreferrer noopener">{urlPreview(o.original_source)}</a> : null) },
    { header: 'Cache Page link', cell: (o) => (o.cached_source
      // Served only for a sandboxed iframe (no scripts, an opaque origin): never a plain link.
      ? <details><summary>View snapshot</summary><iframe sandbox="" src={o.cached_source} title={`Snapshot of ${o.name}`} width={320} height={200} loading="lazy" /></details>
      : o.status === 'failed' ? <span title={o.failure_reason ?? undefined}>{`Failed: ${o.failure_reason ?? ''}`}</span> : 'Being cached...') },
  ],
  stim: [
    { header: 'Id', cell: (o) => o.id }, { header: 'Name', cell: (o) => o.name }, { header: 'Type', cell: (o) => o.type },
    { header: 'Adtype', cell: (o) => o.adtype }, { header: 'Media', cell: (o) => o.media },
    { header: 'Dimension', cell: (o) => (o.width && o.height ? `${o.width} x ${o.height}` : '') },
  ],
  question: [{ header: 'Id', cell: (o) => o.id }, { header: 'Name', cell: (o) => o.name }, { header: 'Text', cell: (o) => o.text }, { header: 'Comment', cell: (o) => o.comment }],
  external: [{ header: 'Id', cell: (o) => o.id }, { header: 'name', cell: (o) => o.name }, { header: 'Url', cell: (o) => (o.url ? <CopyUrl url={o.url} /> : null) }],
  embedded: [{ header: 'Id', cell: (o) => o.id }, { header: 'name', cell: (o) => o.name }, { header: 'Url', cell: (o) => (o.url ? <CopyUrl url={o.url} /> : null) }],
};

const ADD_LABEL: Record<Exclude<OptionType, 'command'>, string> = {
  instruction: 'Add step', cache: 'Add', stim: 'Add', question: 'Add', external: 'Add', embedded: 'Add',
};

/** The id field steps/create takes for an option of this type (D2-129..D2-132). */
function createBody(type: OptionType, o: StepOption): Omit<CreateStepBody, 'cell_id'> {
  switch (type) {
    case 'instruction': return { step_type: 'instruction', step_id: o.step_id ?? o.id };
    case 'cache': return { step_type: 'cache', cache_page_id: o.id };
    case 'stim': return { step_type: 'stim', stim_id: o.id };
    case 'question': return { step_type: 'question', question_group_id: o.id };
    case 'external': return { step_type: 'external', external_page_id: o.id };
    case 'embedded': return { step_type: 'embedded', embedded_page_id: o.id };
    case 'command': return { step_type: 'command', command_id: o.id };
  }
}

function NewItemForm({ type, busy, error, onCreate }: { type: 'external' | 'embedded'; busy: boolean; error: string | null; onCreate: (b: Omit<CreateStepBody, 'cell_id'>) => void }) {
  const [v, setV] = useState({ name: '', url: '', member: '' });
  const [tried, setTried] = useState(false);
  const urlError = tried && !isValidUrl(v.url) ? INVALID_URL_MESSAGE : null;
  const nameError = tried && !v.name.trim() ? '* required' : null;
  const submit = () => {
    setTried(true);
    if (!v.name.trim() || !isValidUrl(v.url)) return;
    onCreate({ step_type: type, external_url: v.url.trim(), member_insert: v.member.trim() || null, name: v.name.trim() });
  };
  return (
    <div className="sub" part="new-item">
      <TextField label="Name" value={v.name} error={nameError} onChange={(e) => setV({ ...v, name: e.target.value })} />
      <TextField label="URL" value={v.url} error={urlError} inputMode="url" onChange={(e) => setV({ ...v, url: e.target.value })} />
      <TextField label="Member insert param" value={v.member} onChange={(e) => setV({ ...v, member: e.target.value })} />
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Actions><Button type="button" onClick={submit} disabled={busy}>{`Create ${type} item and add step`}</Button></Actions>
    </div>
  );
}

function CachePageForm({ studyId }: { studyId: number }) {
  const order = useMutation(orderCachePage);
  const [v, setV] = useState({ name: '', url: '' });
  const [tried, setTried] = useState(false);
  const urlOk = isValidUrl(v.url) && /^https?:/i.test(v.url.trim());
  const submit = () => {
    setTried(true);
    if (!v.name.trim() || !urlOk) return;
    order.run({ studyId, url: v.url.trim(), name: v.name.trim() });
  };
  const result = order.result;
  return (
    <div className="sub" part="cache-page-panel">
      <strong>Create new Page</strong>
      <TextField label="Page name" value={v.name} error={tried && !v.name.trim() ? '* required' : null} onChange={(e) => setV({ ...v, name: e.target.value })} />
      <TextField label="Page URL" value={v.url} error={tried && !urlOk ? INVALID_URL_MESSAGE : null} inputMode="url" onChange={(e) => setV({ ...v, url: e.target.value })} />
      {order.pending ? <span role="status">Caching the page...</span> : null}
      {order.error ? <ErrorText role="alert">{order.error}</ErrorText> : null}
      {order.done && result ? (
        result.status === 'ready' ? <SuccessText role="status">{`${result.name} is cached`}</SuccessText>
          : result.status === 'failed' ? <ErrorText role="alert">{`The page could not be cached: ${result.failure_reason ?? ''}`}</ErrorText>
            : <span role="status">The page is still being cached.</span>
      ) : null}
      <Actions><Button type="button" onClick={submit} disabled={order.pending}>Order cache page</Button></Actions>
    </div>
  );
}

function OptionsPanel({ studyId, type, busy, error, onAdd }: {
  studyId: number; type: OptionType; busy: boolean; error: string | null; onAdd: (b: Omit<CreateStepBody, 'cell_id'>) => void;
}) {
  const options = useResource(stepOptions, { studyId, stepType: type });
  const [term, setTerm] = useState('');
  const [creating, setCreating] = useState(false);
  const [command, setCommand] = useState('');
  const radioName = useId();
  const rows = (options.data ?? []).filter((o) => matchesSearch(o, type, term));
  if (options.loading && !options.data) return <Spinner />;
  if (options.error) return <ErrorText role="alert">{options.error}</ErrorText>;

  if (type === 'command') {
    return (
      <Panel part="command-panel">
        <fieldset>
          <legend>Command</legend>
          {(options.data ?? []).map((o) => (
            <label key={o.id} style={{ display: 'flex', gap: 8 }}>
              <input type="radio" name={radioName} value={String(o.id)} checked={command === String(o.id)} onChange={() => setCommand(String(o.id))} />
              {o.name}
            </label>
          ))}
        </fieldset>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Actions><Button type="button" disabled={busy || !command} onClick={() => command && onAdd({ step_type: 'command', command_id: Number(command) })}>Add step</Button></Actions>
      </Panel>
    );
  }
  const cols = COLUMNS[type];
  const canCreate = type === 'external' || type === 'embedded';
  return (
    <Panel part="options-panel">
      <div className="bar">
        <SearchBox placeholder="Search" delay={150} onSearch={setTerm} />
        {canCreate ? <Button type="button" $variant="secondary" onClick={() => setCreating(!creating)} aria-expanded={creating}>{`New ${type} item`}</Button> : null}
        {type === 'cache' ? <Button type="button" $variant="secondary" onClick={() => setCreating(!creating)} aria-expanded={creating}>Create new Page</Button> : null}
      </div>
      {creating && canCreate ? <NewItemForm type={type} busy={busy} error={error} onCreate={onAdd} /> : null}
      {creating && type === 'cache' ? <CachePageForm studyId={studyId} /> : null}
      {error && !creating ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Scroll>
        <table part="options-table">
          <thead><tr>{cols.map((c) => <th key={c.header} scope="col">{c.header}</th>)}<th scope="col">{ADD_LABEL[type]}</th></tr></thead>
          <tbody>
            {rows.length === 0 ? <tr><td colSpan={cols.length + 1}>{term ? 'Nothing matches the search' : 'Nothing to add yet'}</td></tr> : rows.map((o) => (
              <tr key={o.id}>
                {cols.map((c) => <td key={c.header}>{c.cell(o)}</td>)}
                <td>
                  <Button type="button" disabled={busy || (type === 'cache' && o.status !== 'ready')} onClick={() => onAdd(createBody(type, o))}
                    aria-label={`${ADD_LABEL[type]} ${o.instruction_name ?? o.name}`}>{ADD_LABEL[type]}</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Panel>
  );
}

export const UPLOADER_PATH = '/stims/upload-stim';

export function NewStepDialog({ open, studyId, cellName, busy, error, resetCount, onClose, onAdd, onNewStim }: {
  open: boolean; studyId: number; cellName: string; busy: boolean; error: string | null;
  /** Bumped after every successful add: the dialog goes back to 'Please Select' (D2-094). */
  resetCount: number;
  onClose: () => void; onAdd: (b: Omit<CreateStepBody, 'cell_id'>) => void; onNewStim: () => void;
}) {
  const [choice, setChoice] = useState<StepChoice | ''>('');
  const radioName = useId();
  useEffect(() => { setChoice(''); }, [resetCount, open]);
  const type = optionTypeOf(choice);
  const select = (c: StepChoice) => {
    if (c === 'new-stim') { onNewStim(); return; }
    setChoice(c);
  };
  const label = STEP_CHOICES.flatMap((g) => g.choices).find((c) => c.value === choice)?.label;
  return (
    // Focus starts on Cancel, not the first choice: a focused choice shows its hover help, and the
    // first Escape would only close that help instead of the dialog.
    <Modal open={open} title={`Create new step${cellName ? ` in ${cellName}` : ''}`} onClose={onClose} part="new-step-dialog" initialFocus='[part="new-step-cancel"]'>
      <div style={{ display: 'grid', gap: 12 }}>
        <Choices role="radiogroup" aria-label="Step type">
          {STEP_CHOICES.map((g) => (
            <fieldset key={g.title}>
              <legend>{g.title}</legend>
              {g.choices.map((c) => (
                <Tooltip key={c.value} content={c.hint}>
                  <label>
                    <input type="radio" name={radioName} value={c.value} checked={choice === c.value} onChange={() => select(c.value)} />
                    {c.label}
                  </label>
                </Tooltip>
              ))}
            </fieldset>
          ))}
        </Choices>
        <strong part="selected-type">{label ?? 'Please Select'}</strong>
        {choice === 'validation' || choice === 'calibration' ? (
          <Panel part="fixed-panel">
            <p>{choice === 'validation'
              ? 'A validation step confirms the eye-tracking accuracy: the respondent looks at a few points and the study checks the gaze lands where expected.'
              : 'A calibration step shows points on the screen for the respondent to look at, so the eye tracking can be calibrated.'}</p>
            {error ? <ErrorText role="alert">{error}</ErrorText> : null}
            <Actions><Button type="button" disabled={busy} onClick={() => onAdd({ step_type: choice })}>{`Add ${label} step`}</Button></Actions>
          </Panel>
        ) : null}
        {type ? <OptionsPanel key={type} studyId={studyId} type={type} busy={busy} error={error} onAdd={onAdd} /> : null}
        <Actions><Button type="button" $variant="secondary" part="new-step-cancel" onClick={onClose}>Cancel</Button></Actions>
      </div>
    </Modal>
  );
}
