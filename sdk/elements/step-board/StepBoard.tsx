// <gaze-step-board study-id>: the cell and step board (spec document 2 §2.3, §4.3). The study id
// comes from the attribute (the route; checklist resolution 19); every change goes to the server,
// which refuses it while the study is locked, and the board reloads after it. Unlocking a study that
// is live, completed or holds counted sessions asks first (the server records it in the timeline),
// and a change the server refuses (a step that holds collected data) shows the server's reason.
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, ConfirmDialog, ErrorText, Spinner, Toast, Tooltip, tokens, useNavigate } from '../../ui';
import { useMutation, useResource } from '../../core/resource/hooks';
import { boardChange, boardOverview, type BoardChange } from '../../core/board/board';
import type { BoardCell, BoardStep, CreateStepBody } from '../../core/api/board';
import { CellCard } from './CellCard';
import { AddCellDialog, EditStepDialog, NewStepDialog, UPLOADER_PATH } from './dialogs';
import { MIN_CELL_WIDTH, MIN_CELL_WIDTH_DENSE, SAVED_MS } from './logic';

const Wrap = styled.section`
  display: grid;
  gap: ${tokens.space4};
  .toolbar { display: flex; align-items: center; gap: ${tokens.space3}; flex-wrap: wrap; }
  .toolbar h2 { margin: 0; font-size: 1.25em; flex: 1 1 auto; }
  .density { display: inline-flex; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; overflow: hidden; }
  .density button { border: 0; border-radius: 0; }
  .lock { font-size: 1.2em; min-width: 40px; }
  .saved { font-weight: 700; letter-spacing: 0.08em; color: ${tokens.success}; }
  .cells { display: flex; flex-wrap: wrap; gap: ${tokens.space4}; align-items: flex-start; }
  .locked-note { color: ${tokens.muted}; margin: 0; }
`;
const AddTile = styled.button<{ $dense: boolean }>`
  min-width: ${(p) => (p.$dense ? MIN_CELL_WIDTH_DENSE : MIN_CELL_WIDTH)}px;
  min-height: 96px;
  border: 2px dashed ${tokens.border};
  border-radius: ${tokens.radiusLg};
  background: none;
  color: ${tokens.primaryStrong};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover { background: ${tokens.surfaceAlt}; border-color: ${tokens.primary}; }
`;
const Seg = styled.button<{ $on: boolean }>`
  font: inherit;
  padding: 6px 12px;
  cursor: pointer;
  background: ${(p) => (p.$on ? tokens.primary : tokens.surface)};
  color: ${(p) => (p.$on ? tokens.primaryText : tokens.text)};
  font-weight: ${(p) => (p.$on ? 600 : 400)};
`;

const LockIcon = ({ locked }: { locked: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
    <path d={locked ? 'M8 11V8a4 4 0 0 1 8 0v3' : 'M8 11V8a4 4 0 0 1 7.5-2'} fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export interface StepBoardProps {
  studyId?: number;
}

export function StepBoard({ studyId }: StepBoardProps) {
  const id = Number(studyId);
  const valid = Number.isInteger(id) && id > 0;
  const board = useResource(boardOverview, id, { enabled: valid });
  // One mutation entry per kind of change: each has its own pending / error state.
  const unlock = useMutation(boardChange, 'unlock');
  const reorder = useMutation(boardChange, 'reorder');
  const addStep = useMutation(boardChange, 'add-step');
  const delStep = useMutation(boardChange, 'delete-step');
  const editStep = useMutation(boardChange, 'edit-step');
  const addCell = useMutation(boardChange, 'add-cell');
  const rename = useMutation(boardChange, 'rename-cell');
  const duplicate = useMutation(boardChange, 'duplicate-cell');
  const navigate = useNavigate();

  const [dense, setDense] = useState(false);
  const [addCellOpen, setAddCellOpen] = useState(false);
  const [stepCell, setStepCell] = useState<number | null>(null);
  const [editing, setEditing] = useState<BoardStep | null>(null);
  const [deleting, setDeleting] = useState<{ step: BoardStep; cell: BoardCell } | null>(null);
  const [confirmUnlock, setConfirmUnlock] = useState(false);
  const [saved, setSaved] = useState(false);
  const [renamed, setRenamed] = useState(false);

  const data = board.data;
  const unlocked = data?.allow_step_editing === true;
  const cells = useMemo(() => data?.data ?? [], [data]);
  const cellById = useMemo(() => new Map(cells.map((c) => [c.cell_id, c])), [cells]);

  // 'SAVED' for 1800 ms after each successful change (D2-076).
  const savedCount = reorder.count + addStep.count + delStep.count + editStep.count + addCell.count + rename.count + duplicate.count;
  useEffect(() => {
    if (!savedCount) return;
    setSaved(true);
    const t = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(t);
  }, [savedCount]);
  useEffect(() => { if (rename.count) setRenamed(true); }, [rename.count]);
  // A new cell opens the new-step dialog for it (D2-104).
  useEffect(() => {
    if (addCell.count && addCell.result?.cellId) {
      setAddCellOpen(false);
      setStepCell(addCell.result.cellId);
    }
  }, [addCell.count]); // eslint-disable-line react-hooks/exhaustive-deps
  // Deleting closes the dialogs (D2-095); editing closes its dialog.
  useEffect(() => { if (delStep.count) setDeleting(null); }, [delStep.count]);
  useEffect(() => { if (editStep.count) setEditing(null); }, [editStep.count]);
  useEffect(() => { if (unlock.count) setConfirmUnlock(false); }, [unlock.count]);

  if (!valid) return <ErrorText role="alert">No study chosen</ErrorText>;
  if (!data) return board.error ? <ErrorText role="alert">{board.error}</ErrorText> : <Spinner />;

  const run = (m: { run: (c: BoardChange) => void }, c: BoardChange) => {
    // Locked: adding, moving, deleting and editing do nothing (D2-087); the server refuses them too.
    if (!unlocked && c.kind !== 'unlock') return;
    m.run(c);
  };
  const stepCellData = stepCell === null ? undefined : cellById.get(stepCell);
  // A running or finished study: its design is what respondents saw, so unlocking it is a decision.
  const running = data.live || data.completed || (data.counted_sessions ?? 0) > 0;
  const onLock = () => {
    if (!unlocked && running) { unlock.reset(); setConfirmUnlock(true); return; }
    run(unlock, { kind: 'unlock', studyId: id, allow: !unlocked });
  };
  const sessions = data.counted_sessions ?? 0;
  const sessionsText = `${sessions} counted session${sessions === 1 ? '' : 's'}`;
  const onAdd = (body: Omit<CreateStepBody, 'cell_id'>) => {
    if (!stepCellData) return;
    run(addStep, { kind: 'add-step', studyId: id, cell: stepCellData, body: { ...body, cell_id: stepCellData.cell_id, step_order: stepCellData.step_data.length } });
  };

  return (
    <Wrap part="step-board" aria-busy={board.loading}>
      <div className="toolbar" part="toolbar">
        <h2 part="title">{data.study_name}</h2>
        {saved ? <span className="saved" role="status" part="saved">SAVED</span> : null}
        <div className="density" role="group" aria-label="Density" part="density">
          <Seg type="button" $on={!dense} aria-pressed={!dense} onClick={() => setDense(false)}>Standard</Seg>
          <Seg type="button" $on={dense} aria-pressed={dense} onClick={() => setDense(true)}>Dense</Seg>
        </div>
        <Tooltip content={unlocked ? 'Study unlocked' : 'Study locked'}>
          <Button type="button" $variant="secondary" className="lock" part="lock" aria-label={unlocked ? 'Study unlocked: lock it' : 'Study locked: unlock it'}
            aria-pressed={!unlocked} disabled={unlock.pending}
            onClick={onLock}>
            <LockIcon locked={!unlocked} />
          </Button>
        </Tooltip>
      </div>
      {!unlocked ? <p className="locked-note" part="locked-note">The study is locked. Unlock it to add, move, edit or delete cells and steps.</p> : null}
      {reorder.error || (delStep.error && !deleting) || duplicate.error || (unlock.error && !confirmUnlock) ? (
        <ErrorText role="alert">{reorder.error ?? (deleting ? null : delStep.error) ?? duplicate.error ?? unlock.error ?? ''}</ErrorText>
      ) : null}
      <div className="cells" part="cells">
        {cells.length === 0 ? <p>This study has no cells yet.</p> : null}
        {cells.map((c, i) => (
          <CellCard key={c.cell_id} cell={c} index={i} unlocked={unlocked} dense={dense}
            onReorder={(ids) => run(reorder, { kind: 'reorder', studyId: id, cellId: c.cell_id, ids })}
            onAddStep={() => { addStep.reset(); setStepCell(c.cell_id); }}
            onDuplicate={() => run(duplicate, { kind: 'duplicate-cell', studyId: id, cellId: c.cell_id })}
            onRename={(cellName, shortName) => run(rename, { kind: 'rename-cell', studyId: id, cellId: c.cell_id, cellName, shortName })}
            onEditStep={(s) => { if (unlocked) setEditing(s); }}
            onDeleteStep={(s) => { if (unlocked) { delStep.reset(); setDeleting({ step: s, cell: c }); } }}
          />
        ))}
      </div>
      {unlocked ? (
        <AddTile type="button" $dense={dense} part="add-cell" onClick={() => { addCell.reset(); setAddCellOpen(true); }}>+ Add new cell</AddTile>
      ) : null}

      <AddCellDialog open={addCellOpen} busy={addCell.pending} failed={addCell.status === 'error'} onClose={() => setAddCellOpen(false)}
        onCreate={(cellName, shortName) => run(addCell, { kind: 'add-cell', studyId: id, cellName, shortName })} />
      <NewStepDialog open={stepCell !== null && unlocked} studyId={id} cellName={stepCellData?.cell_name ?? ''} busy={addStep.pending}
        error={addStep.error} resetCount={addStep.count} onClose={() => setStepCell(null)} onAdd={onAdd}
        onNewStim={() => {
          // The uploader may link what it uploads to this study and cell (spec document 2 §4.4).
          const cell = stepCellData?.cell_id;
          setStepCell(null);
          navigate(`${UPLOADER_PATH}?study_id=${id}${cell ? `&cell_id=${cell}` : ''}`);
        }} />
      <EditStepDialog step={editing} busy={editStep.pending} onClose={() => setEditing(null)}
        onSave={(v) => editing && run(editStep, { kind: 'edit-step', studyId: id, body: { step_order_id: editing.step_order_id, ...v } })} />
      <ConfirmDialog open={deleting !== null} title="Delete step" danger busy={delStep.pending} confirmLabel="Delete"
        message={deleting ? (
          <>
            {`Delete the step '${deleting.step.step_name}' from ${deleting.cell.cell_name}?`}
            {delStep.error ? <ErrorText>{delStep.error}</ErrorText> : null}
          </>
        ) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && run(delStep, { kind: 'delete-step', studyId: id, cell: deleting.cell, stepOrderId: deleting.step.step_order_id })} />
      <ConfirmDialog open={confirmUnlock} title={data.completed ? 'Unlock a completed study?' : 'Unlock a live study?'} busy={unlock.pending}
        confirmLabel="Unlock" danger
        message={(
          <>
            <p>
              {data.completed ? 'This study is completed' : data.live ? 'This study is collecting data' : 'This study has collected data'} ({sessionsText} so far).
              {' '}Changes to its cells and steps apply to respondents who start from now on, and make their sessions differ from those already collected.
            </p>
            <p>Steps that hold collected data cannot be deleted. The unlock is recorded in the study&apos;s timeline.</p>
            {unlock.error ? <ErrorText>{unlock.error}</ErrorText> : null}
          </>
        )}
        onCancel={() => setConfirmUnlock(false)}
        onConfirm={() => run(unlock, { kind: 'unlock', studyId: id, allow: true })} />
      {renamed ? <Toast text="Your Names have been updated" kind="success" onClose={() => setRenamed(false)} /> : null}
    </Wrap>
  );
}
