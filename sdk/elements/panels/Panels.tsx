// A study's panels (spec D2 §3.3, §4.2, §5, §8): the list, the create/edit modal (validated at
// submit only, the six 'required' messages word for word), and delete with a confirmation. A
// change refreshes the panels, the links and the overview (core/study). A successful submit
// closes the modal; a failed one re-enables the form, keeps it open and says what failed
// (resolution 22).
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useMutation, useResource } from '../../core/resource/hooks';
import { removePanel, studyAudience } from '../../core/study/study';
import type { Panel } from '../../core/api/study';
import { Button, ConfirmDialog, ErrorText, Modal, Spinner, tokens } from '../../ui';

type PanelFormModule = typeof import('../../features/panel-form/PanelForm');
/**
 * The panel form (Formik and yup, ≈ 22 KB brotli) loads when its dialog is first asked for,
 * not with the list: study-overview places this list, and with the form it passed the 130 KB of
 * an element without charts (issue 40 item 3). The dialog opens once the form is there, so its
 * first field takes the focus as before. One load per page; a failed one is tried again.
 */
let formModule: Promise<PanelFormModule> | null = null;
const loadPanelForm = () => (formModule ??= import('../../features/panel-form/PanelForm').catch((e: unknown) => {
  formModule = null;
  throw e;
}));

const Wrap = styled.div`
  container-type: inline-size;
  display: grid;
  gap: 12px;
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${tokens.border}; overflow-wrap: anywhere; }
  td.actions { white-space: nowrap; text-align: right; }
  td.actions button + button { margin-left: 6px; }
  @container (max-width: 480px) {
    thead { display: none; }
    table, tbody, tr, td { display: block; }
    tr { border-bottom: 1px solid ${tokens.border}; padding: 6px 0; }
    td { border: 0; padding: 2px 4px; }
    td:first-child { font-weight: 600; }
    td.actions { text-align: left; }
  }
`;
const Bar = styled.div`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  flex-wrap: wrap;
`;

type Editing = { mode: 'create' } | { mode: 'edit'; panel: Panel } | null;

export function Panels({ studyId }: { studyId?: string }) {
  const id = Number(studyId);
  const valid = Number.isInteger(id) && id > 0;
  const audience = useResource(studyAudience, id, { enabled: valid });
  const remove = useMutation(removePanel, `panel-delete-${id}`);
  const [editing, setEditing] = useState<Editing>(null);
  const [PanelForm, setPanelForm] = useState<PanelFormModule['PanelForm'] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const edit = (next: Exclude<Editing, null>) => {
    setFormError(null);
    loadPanelForm().then(
      (m) => { setPanelForm(() => m.PanelForm); setEditing(next); },
      () => setFormError('Could not load the panel form: check the connection and try again.'),
    );
  };
  const [deleting, setDeleting] = useState<Panel | null>(null);
  const deletes = useRef(remove.count);
  useEffect(() => {
    if (remove.count > deletes.current) { deletes.current = remove.count; setDeleting(null); }
  }, [remove.count]);

  if (!valid) return <ErrorText>No study selected.</ErrorText>;
  const panels = audience.data?.panels ?? [];
  return (
    <Wrap part="panels">
      {audience.loading && !audience.data ? <Spinner /> : null}
      {audience.error && !audience.data ? <ErrorText>{audience.error}</ErrorText> : null}
      {audience.data ? (
        panels.length ? (
          <table part="panel-table">
            <thead><tr><th scope="col">Name</th><th scope="col">Code</th><th scope="col">Parameter</th><th scope="col"><span hidden>Actions</span></th></tr></thead>
            <tbody>
              {panels.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>{p.code}</td>
                  <td>{p.participant_insert_parameter}</td>
                  <td className="actions">
                    <Button $variant="secondary" aria-label={`Edit panel ${p.name}`} onClick={() => edit({ mode: 'edit', panel: p })}>Edit</Button>
                    <Button $variant="danger" aria-label={`Delete panel ${p.name}`} onClick={() => { remove.reset(); setDeleting(p); }}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : <p part="empty">No panels yet: add one to recruit respondents through it.</p>
      ) : null}
      {remove.error ? <ErrorText>Could not delete the panel: {remove.error}</ErrorText> : null}
      {formError ? <ErrorText>{formError}</ErrorText> : null}
      <Bar>
        <Button part="add-panel" onClick={() => edit({ mode: 'create' })}>Add panel</Button>
      </Bar>
      <Modal open={editing !== null} title={editing?.mode === 'edit' ? 'Edit panel' : 'Add panel'} onClose={() => setEditing(null)} part="panel-modal">
        {editing && PanelForm ? <PanelForm studyId={id} panel={editing.mode === 'edit' ? editing.panel : null} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : <span />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete panel"
        message={deleting ? `Delete the panel '${deleting.name}'? Its links stop working.` : ''}
        confirmLabel="Delete"
        danger
        busy={remove.pending}
        onConfirm={() => deleting && remove.run({ studyId: id, panelId: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </Wrap>
  );
}
