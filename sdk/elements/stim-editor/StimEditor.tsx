// Edit stim (spec D2 §2.6, §4.5, §5, §8): 'EDIT STIM', name, the cascading ad selects, brand,
// the tag content for markup stims, a preview (video for mp4/webm/ogg, else image; markup only in
// a sandboxed iframe from the files origin), 'Create new brand' for super users, a 20 s toast.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useGazeSelector } from '../../core/store/context';
import { useMutation, useResource } from '../../core/resource/hooks';
import { selectSuperUser } from '../../core/session/selectors';
import { lookupList } from '../../core/lookups/lists';
import { leaveStimsMessage, saveStim, stimDetails } from '../../core/stims/stims';
import { AdSelects, CreateBrandDialog, SandboxedPreview, type AdChoice } from '../../features/stim-fields/StimFields';
import { Button, ErrorText, TextField, Toast, tokens, useNavigate } from '../../ui';

export interface StimEditorProps {
  stimId?: number;
}

/** D2-207: the toast stays up to 20 s. */
export const EDIT_TOAST_MS = 20000;

const Page = styled.section`
  display: grid; gap: 16px;
  h2 { margin: 0; }
`;
const Form = styled.form`
  display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start;
  @media (max-width: 800px) { grid-template-columns: minmax(0, 1fr); }
  .fields { display: grid; gap: 12px; }
  textarea { font: 13px ui-monospace, monospace; min-height: 160px; padding: 8px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; }
  img, video { max-width: 100%; border: 1px solid ${tokens.border}; }
  a, .link { color: ${tokens.primaryStrong}; }
`;

const REQUIRED: [keyof Fields, string][] = [
  ['name', 'Stim Name is required'], ['ad_asset_type_id', 'Ad Asset Type is required'], ['ad_type_group_id', 'Ad Type Group is required'],
  ['ad_type_id', 'Ad Type is required'], ['brand_id', 'Brand is required'],
];
type Fields = AdChoice & { name: string; tag: string };

/** D2-196: a video when the file ends in mp4, webm or ogg. */
export const isVideoFile = (src: string | null) => /\.(mp4|webm|ogg)(\?|#|$)/i.test(src ?? '');

export function StimEditor({ stimId }: StimEditorProps) {
  const navigate = useNavigate();
  const superUser = useGazeSelector(selectSuperUser);
  const details = useResource(stimDetails, stimId ?? 0, { enabled: Boolean(stimId) });
  const lists = [useResource(lookupList, 'adassettypes_list'), useResource(lookupList, 'brands_list')];
  const save = useMutation(saveStim);
  const [f, setF] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [toast, setToast] = useState<{ kind: 'error' | 'success'; text: string | string[] } | null>(null);
  const [brandOpen, setBrandOpen] = useState(false);
  const d = details.data;

  useEffect(() => {
    if (d && !f) {
      setF({ name: d.name, tag: d.tag ?? '', ad_asset_type_id: d.ad_asset_type_id, ad_type_group_id: d.ad_type_group_id, ad_type_id: d.ad_type_id, brand_id: d.brand_id });
    }
  }, [d, f]);
  const loadFailed = details.status === 'error' || lists.some((l) => l.status === 'error');
  useEffect(() => {
    if (loadFailed) setToast({ kind: 'error', text: 'Error fetching stimulus details or dropdown options' });
  }, [loadFailed]);
  useEffect(() => {
    if (save.done) {
      save.reset();
      // The library on /stims shows it (D2-206): the editor is gone by then.
      leaveStimsMessage('Stimulus updated successfully!');
      setToast({ kind: 'success', text: 'Stimulus updated successfully!' });
      navigate('/stims');
    } else if (save.error) {
      save.reset();
      setToast({ kind: 'error', text: 'Error updating stimulus. Please try again later.' });
    }
  }, [save, navigate]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!f || !stimId) return;
    const next: typeof errors = {};
    const messages: string[] = [];
    for (const [k, m] of REQUIRED) {
      if (k === 'name' ? !f.name.trim() : !f[k]) { next[k] = 'Required'; messages.push(m); }
    }
    setErrors(next);
    // D2-199: nothing is sent while a required field is missing.
    if (messages.length) return setToast({ kind: 'error', text: messages });
    const tagType = d && ['s', 'va', 'vx'].includes(d.stim_type);
    save.run({ id: stimId, body: {
      name: f.name.trim(), ad_asset_type_id: f.ad_asset_type_id, ad_group_type_id: f.ad_type_group_id, ad_type_group_id: f.ad_type_group_id,
      ad_type_id: f.ad_type_id, brand_id: f.brand_id, ...(tagType ? { tag: f.tag } : {}), file_name: d?.file_name ?? null,
    } });
  };

  const tagType = d ? ['s', 'va', 'vx'].includes(d.stim_type) : false;
  return (
    <Page part="stim-editor">
      <h2>EDIT STIM</h2>
      {/* D2-207's toast with its OK inside it, under the title in the page's flow: floating, it covered the host's header (issue 38). */}
      {toast ? <Toast inline text={toast.text} kind={toast.kind === 'error' ? 'error' : 'success'} duration={EDIT_TOAST_MS} dismissText="OK" onClose={() => setToast(null)} /> : null}
      {!f ? (loadFailed ? null : <p>Loading…</p>) : (
        <Form noValidate onSubmit={submit} part="form">
          <div className="fields">
            <TextField label="Name" value={f.name} error={errors.name} onChange={(e) => setF({ ...f, name: (e.target as HTMLInputElement).value })} />
            <AdSelects
              value={f}
              errors={errors}
              onChange={(c) => setF({ ...f, ...c })}
              onListError={(m) => setToast({ kind: 'error', text: m })}
            />
            {superUser ? <Button type="button" $variant="link" part="create-brand" onClick={() => setBrandOpen(true)}>Create new brand</Button> : null}
            {tagType ? (
              <label style={{ display: 'grid', gap: 4 }}>
                Tag
                <textarea value={f.tag} onChange={(e) => setF({ ...f, tag: e.target.value })} />
              </label>
            ) : null}
            <div><Button type="submit" disabled={save.pending}>Save</Button></div>
          </div>
          <div part="preview" aria-label="Preview">
            {d!.stim_type === 'i' || d!.stim_type === 'v'
              ? (isVideoFile(d!.source_key ?? d!.source) ? <video src={d!.source ?? undefined} controls /> : d!.source ? <img src={d!.source} alt={d!.name} /> : null)
              : d!.preview_url ? <SandboxedPreview src={d!.preview_url} height={d!.stim_type === 's' ? Math.min(600, Math.max(250, d!.height ?? 250)) : 400} title={`Preview of ${d!.name}`} /> : null}
          </div>
        </Form>
      )}
      {loadFailed ? <ErrorText>Error fetching stimulus details or dropdown options</ErrorText> : null}
      <CreateBrandDialog open={brandOpen} texts="editor" onClose={() => setBrandOpen(false)} onCreated={(b) => { if (f) setF({ ...f, brand_id: b.id }); setBrandOpen(false); }} />
    </Page>
  );
}
