// The bulk stim uploader (spec D2 §2.5, §4.4, §5, §8): SCRIPT, VAST URL/XML and Image/Video
// tabs with a live preview, an upload list of rows (each with its ad types and brand), one row
// at a time with per-file progress, continuing past failures.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useGazeSelector } from '../../core/store/context';
import { useApi, useResource } from '../../core/resource/hooks';
import { StudyOnlyState, useStudyAccess } from '../../features/study-access';
import { selectSuperUser } from '../../core/session/selectors';
import { lookupList } from '../../core/lookups/lists';
import { postCreateStep } from '../../core/api/board';
import { leaveStimsMessage, measureVideo, rowContentType, rowErrors, rowStimType, uploadRow, type UploadKind, type UploadRow } from '../../core/stims/stims';
import { AdSelects, CreateBrandDialog, DraftPreview, type AdChoice } from '../../features/stim-fields/StimFields';
import { Button, ErrorText, FileDrop, Modal, SuccessText, Tabs, TextField, tokens, useEmit, useNavigate } from '../../ui';

export interface StimUploaderProps {
  /** Created stims become this study's own. */
  studyId?: number;
  /** 'step': used from the step dialog; no navigation, a gaze-stim-created event per stim. */
  mode?: string;
  /**
   * The board's New Stim (D2-125, §4.4): with study-id, each created stim is added as a stim step
   * at the end of this cell, and OK goes back to the study's board.
   */
  cellId?: number;
}

const Wrap = styled.section`
  display: grid; gap: 16px;
  h2 { margin: 0; font-size: 1.25rem; }
`;
const Top = styled.div`
  display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  @media (max-width: 800px) { grid-template-columns: minmax(0, 1fr); }
`;
const Panel = styled.div`display: grid; gap: 8px; align-content: start;`;
const Area = styled.textarea`
  display: block; width: 100%; box-sizing: border-box;
  font: 13px ui-monospace, monospace; min-height: 180px; padding: 8px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; resize: vertical;
`;
const Rows = styled.ol`list-style: none; margin: 0; padding: 0; display: grid; gap: 12px;`;
const RowCard = styled.li`
  border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 12px; display: grid; gap: 8px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); align-items: end;
  progress { grid-column: 1 / -1; width: 100%; }
  .row-actions { display: flex; gap: 8px; flex-wrap: wrap; }
  .row-message, .row-kind { grid-column: 1 / -1; }
  .row-kind { margin: 0; color: ${tokens.muted}; overflow-wrap: anywhere; }
  .row-kind strong { color: ${tokens.text}; font-weight: 600; }
`;
// Not an alert: it is there whenever a row is incomplete, and the disabled button points to it.
const Blocked = styled.p`margin: 0; color: ${tokens.danger};`;
const Bar = styled.div`display: flex; gap: 12px; align-items: center; flex-wrap: wrap;`;
// One box per file, the picture fitted inside it whole (letterboxed), never cropped (issue 38).
const Thumbs = styled.div`
  display: flex; gap: 8px; flex-wrap: wrap;
  img, video { width: 160px; height: 120px; object-fit: contain; background: #eef0f3; border: 1px solid ${tokens.border}; }
`;

let counter = 0;
const newKey = () => `row-${Date.now().toString(36)}-${(counter += 1)}`;
const baseName = (n: string) => n.replace(/\.[^.]+$/, '');
const EMPTY_CHOICE: AdChoice = { ad_asset_type_id: null, ad_type_group_id: null, ad_type_id: null, brand_id: null };

function FilePreview({ files }: { files: File[] }) {
  const urls = useMemo(() => files.map((f) => ({ f, url: URL.createObjectURL(f) })), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u.url)), [urls]);
  return (
    <Thumbs part="file-preview">
      {urls.map(({ f, url }) => (f.type.startsWith('video/') ? <video key={url} src={url} controls muted aria-label={f.name} /> : <img key={url} src={url} alt={f.name} />))}
    </Thumbs>
  );
}

interface RowState { progress: number; message: string | null; done: boolean }

export function StimUploader(props: StimUploaderProps) {
  // The server refuses uploads to batch accounts: say so before the form is filled in.
  if (!useStudyAccess()) return <StudyOnlyState />;
  return <Uploader {...props} />;
}

function Uploader({ studyId, mode, cellId }: StimUploaderProps) {
  const api = useApi();
  const emit = useEmit();
  const navigate = useNavigate();
  const superUser = useGazeSelector(selectSuperUser);
  const lists = [useResource(lookupList, 'adassettypes_list'), useResource(lookupList, 'brands_list')];
  const initialFailed = lists.some((l) => l.status === 'error');
  const [tab, setTab] = useState<UploadKind>('script');
  const [script, setScript] = useState('');
  const [vast, setVast] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [addError, setAddError] = useState<string | null>(null);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [state, setState] = useState<Record<string, RowState>>({});
  const [uploading, setUploading] = useState(false);
  const [success, setSuccess] = useState(false);
  const [editing, setEditing] = useState<UploadRow | null>(null);
  const [editText, setEditText] = useState('');
  const [editError, setEditError] = useState<string | null>(null);
  const [brandOpen, setBrandOpen] = useState(false);
  // The row whose 'Create Brand' opened the dialog; null: the list's own button (every row still without a brand).
  const brandFor = useRef<string | null>(null);
  const [brandMessage, setBrandMessage] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const blockedId = useId();
  const [linkFailed, setLinkFailed] = useState<string[]>([]);
  const linkTo = studyId && cellId ? { studyId, cellId } : null;
  const doneTo = linkTo ? `/my_studies/overview/${linkTo.studyId}/cell_step_management` : '/stims';

  const errors = rows.map(rowErrors);
  const hasErrors = errors.some((e) => Object.keys(e).length > 0);

  const add = async () => {
    setAddError(null);
    if (tab === 'script') {
      if (!script.trim()) return setAddError('Script cannot be empty.');
      setRows((r) => [...r, { key: newKey(), kind: 'script', name: '', content: script, file: null, ...EMPTY_CHOICE }]);
      setScript('');
    } else if (tab === 'vast') {
      if (!vast.trim()) return setAddError('VAST URL/XML cannot be empty.');
      setRows((r) => [...r, { key: newKey(), kind: 'vast', name: '', content: vast, file: null, ...EMPTY_CHOICE }]);
      setVast('');
    } else {
      if (!files.length) return setAddError('Please upload at least one image or video.');
      const added: UploadRow[] = [];
      for (const f of files) {
        const measured = f.type.startsWith('video/') ? await measureVideo(f) : null;
        added.push({ key: newKey(), kind: 'file', name: baseName(f.name), content: '', file: f, ...EMPTY_CHOICE, ...(measured ?? {}) });
      }
      setRows((r) => [...r, ...added]);
      setFiles([]);
    }
  };

  const update = (key: string, patch: Partial<UploadRow>) => setRows((r) => r.map((x) => (x.key === key ? { ...x, ...patch } : x)));

  const uploadAll = async () => {
    if (!rows.length || hasErrors || uploading) return;
    setUploaded(false);
    setUploading(true);
    setLinkFailed([]);
    let allOk = true;
    const remaining: UploadRow[] = [];
    for (const row of rows) {
      setState((s) => ({ ...s, [row.key]: { progress: 0, message: null, done: false } }));
      const outcome = await uploadRow(api, row, (p) => setState((s) => ({ ...s, [row.key]: { ...s[row.key], progress: p } })), studyId);
      if (outcome.ok === true) {
        setState((s) => ({ ...s, [row.key]: { progress: 1, message: null, done: true } }));
        emit('gaze-stim-created', { stim_id: outcome.stimId, name: row.name, stim_type: rowStimType(row) });
        if (linkTo) {
          // The stim exists now: a failed link must not send it again, so the row goes either way
          // and the failure is named below (the board's own Stim choice can add it later).
          try {
            await postCreateStep(api, linkTo.studyId, { cell_id: linkTo.cellId, step_type: 'stim', stim_id: outcome.stimId });
          } catch {
            allOk = false;
            setLinkFailed((l) => [...l, row.name]);
          }
        }
      } else {
        allOk = false;
        remaining.push(row);
        const message = outcome.ok === 'skipped' ? 'Upload failed: Stim ID missing.' : outcome.message;
        setState((s) => ({ ...s, [row.key]: { progress: 0, message, done: false } }));
      }
    }
    // What failed stays in the list to be fixed and sent again; what went is gone.
    setRows(remaining);
    setUploading(false);
    if (!allOk) return;
    if (mode === 'step' || linkTo) {
      setSuccess(true);
    } else {
      // D2-183: the user goes to /stims, where the library shows the message with its OK. The
      // line here stays for a host page that does not route.
      leaveStimsMessage('All stims uploaded successfully!');
      setUploaded(true);
      navigate('/stims');
    }
  };

  const openBrand = (rowKey: string | null) => { brandFor.current = rowKey; setBrandMessage(null); setBrandOpen(true); };
  // The brand just created is the one the user wanted: it becomes the row's brand (issue 38).
  const brandCreated = (brand: { id: number; name: string }) => {
    const key = brandFor.current;
    setRows((r) => r.map((x) => ((key ? x.key === key : !x.brand_id) ? { ...x, brand_id: brand.id } : x)));
    setBrandOpen(false);
    setBrandMessage('Brand created successfully!');
  };

  const openEdit = (row: UploadRow) => { setEditing(row); setEditText(row.content); setEditError(null); };
  const saveEdit = () => {
    if (!editing) return;
    if (editing.kind !== 'file' && !editText.trim()) return setEditError('This field cannot be empty.');
    if (editing.kind !== 'file') update(editing.key, { content: editText });
    setEditing(null);
  };

  const preview = tab === 'script' ? script : tab === 'vast' ? vast : '';
  return (
    <Wrap part="stim-uploader">
      <h2>Upload Stims</h2>
      {initialFailed ? <ErrorText role="alert">Failed to load initial data.</ErrorText> : null}
      <Top>
        <Panel>
          <Tabs
            label="Stim kind"
            selected={tab}
            onChange={(id) => { setTab(id as UploadKind); setAddError(null); }}
            tabs={[
              { id: 'script', label: 'SCRIPT', content: <Area aria-label="Script" part="script" value={script} onChange={(e) => setScript(e.target.value)} placeholder="<script …></script>" /> },
              { id: 'vast', label: 'VAST URL/XML', content: <Area aria-label="VAST URL/XML" part="vast" value={vast} onChange={(e) => setVast(e.target.value)} placeholder="https://… or <VAST …>…</VAST>" /> },
              { id: 'file', label: 'Image/Video', content: <FileDrop label="Drop images or videos here" accept="image/*,video/*" multiple onFiles={(f) => setFiles((old) => [...old, ...f])} /> },
            ]}
          />
          <Bar>
            <Button part="add" onClick={() => void add()}>Add to upload list</Button>
            {addError ? <ErrorText role="alert">{addError}</ErrorText> : null}
          </Bar>
        </Panel>
        <Panel part="preview" aria-label="Preview">
          <strong>Preview</strong>
          {tab === 'file' ? <FilePreview files={files} /> : preview.trim() ? <DraftPreview kind={tab} content={preview} height={tab === 'vast' ? 400 : 250} /> : <span>Nothing to preview yet.</span>}
        </Panel>
      </Top>
      <Bar>
        <h2 style={{ flex: 1 }}>Upload list</h2>
        {brandMessage ? <SuccessText role="status">{brandMessage}</SuccessText> : null}
        {superUser ? <Button $variant="secondary" part="create-brand" onClick={() => openBrand(null)}>Create Brand</Button> : null}
      </Bar>
      {uploaded ? <SuccessText>All stims uploaded successfully!</SuccessText> : null}
      {rows.length === 0 && !Object.values(state).some((s) => s.message) ? <p part="empty">No stims to upload.</p> : null}
      <Rows part="rows">
        {rows.map((row, i) => {
          const e = errors[i];
          const st = state[row.key];
          const n = i + 1;
          return (
            <RowCard key={row.key} part="row" aria-label={`Stim ${n}`}>
              <p className="row-kind" part="row-type">
                Content type: <strong>{rowContentType(row)}</strong>{row.file ? ` · ${row.file.name}` : null}
              </p>
              <TextField label={`Name (stim ${n})`} value={row.name} onChange={(ev) => update(row.key, { name: (ev.target as HTMLInputElement).value })} error={e.name} />
              <AdSelects labelSuffix={` (stim ${n})`} value={row} onChange={(c) => update(row.key, c)} errors={e} />
              <div className="row-actions">
                <Button $variant="secondary" onClick={() => openEdit(row)}>Preview/Edit</Button>
                {superUser ? <Button $variant="secondary" part="row-create-brand" onClick={() => openBrand(row.key)} aria-label={`Create Brand for stim ${n}`}>Create Brand</Button> : null}
                <Button $variant="danger" onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))} aria-label={`Delete stim ${n}`}>Delete</Button>
              </div>
              {e.content ? <ErrorText className="row-message">{e.content}</ErrorText> : null}
              {st && (uploading || st.progress > 0) ? <progress max={1} value={st.progress} aria-label={`Upload progress of ${row.name || `stim ${n}`}`} /> : null}
              {st?.message ? <ErrorText className="row-message" role="alert">{st.message}</ErrorText> : null}
            </RowCard>
          );
        })}
      </Rows>
      {/* D2-174 D2-175: the button stays disabled while a row is incomplete, and says why. */}
      {rows.length > 0 && hasErrors ? <Blocked id={blockedId} part="blocked">Please fix the errors before uploading.</Blocked> : null}
      {linkFailed.length ? <ErrorText role="alert" part="link-failed">Failed to link stim to step. ({linkFailed.join(', ')})</ErrorText> : null}
      <Bar>
        <Button part="upload-all" onClick={() => void uploadAll()} disabled={uploading || !rows.length || hasErrors} aria-describedby={rows.length > 0 && hasErrors ? blockedId : undefined}>
          {uploading ? 'Uploading...' : 'Upload All Stims'}
        </Button>
      </Bar>
      <Modal open={editing !== null} title="Preview/Edit" onClose={() => setEditing(null)}>
        {editing ? (
          <div style={{ display: 'grid', gap: 12, minWidth: 'min(560px, 80vw)' }}>
            {editing.kind === 'file' && editing.file ? <FilePreview files={[editing.file]} /> : (
              <>
                <Area aria-label="Stim content" value={editText} onChange={(ev) => setEditText(ev.target.value)} />
                {editError ? <ErrorText role="alert">{editError}</ErrorText> : null}
                {editText.trim() ? <DraftPreview kind={editing.kind === 'vast' ? 'vast' : 'script'} content={editText} height={editing.kind === 'vast' ? 400 : 250} /> : null}
              </>
            )}
            <Bar><Button onClick={saveEdit}>Save</Button><Button $variant="secondary" onClick={() => setEditing(null)}>Cancel</Button></Bar>
          </div>
        ) : null}
      </Modal>
      <CreateBrandDialog open={brandOpen} texts="uploader" onClose={() => setBrandOpen(false)} onCreated={brandCreated} />
      <Modal open={success} title="Upload complete" onClose={() => { setSuccess(false); if (mode !== 'step') navigate(doneTo); }}>
        <SuccessText role="status">{linkTo ? 'Stim uploaded and added successfully!' : 'All stims uploaded successfully!'}</SuccessText>
        <Bar><Button onClick={() => { setSuccess(false); if (mode !== 'step') navigate(doneTo); }}>OK</Button></Bar>
      </Modal>
    </Wrap>
  );
}
