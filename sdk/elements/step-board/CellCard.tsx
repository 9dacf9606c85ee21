// One cell of the board (spec document 2 §2.3): colour bar, title (cut at 19), short name, step
// count, duplicate / rename / add-step buttons, and its steps — sortable while the study is
// unlocked (pointer or keyboard, within the cell only), a plain list while it is locked.
import { useState, type FocusEvent } from 'react';
import styled from 'styled-components';
import { Button, Menu, SortableList, TextField, Tooltip, tokens } from '../../ui';
import type { BoardCell, BoardStep } from '../../core/api/board';
import { cellColour, cellErrors, cellTitle, MIN_CELL_WIDTH, MIN_CELL_WIDTH_DENSE, stepLabel, stepTitle, stepTone, TONE_COLOURS } from './logic';
import { SHORT_NAME_MAX, CELL_NAME_MAX } from '../../../contract/values/board';

const Card = styled.section<{ $bar: string; $dense: boolean }>`
  min-width: ${(p) => (p.$dense ? MIN_CELL_WIDTH_DENSE : MIN_CELL_WIDTH)}px;
  flex: 1 1 ${(p) => (p.$dense ? MIN_CELL_WIDTH_DENSE : MIN_CELL_WIDTH)}px;
  max-width: ${(p) => (p.$dense ? 260 : 420)}px;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-top: 6px solid ${(p) => p.$bar};
  border-radius: ${tokens.radiusLg};
  padding: ${tokens.space3};
  display: flex;
  flex-direction: column;
  gap: ${tokens.space2};
  header { display: flex; align-items: flex-start; gap: ${tokens.space2}; }
  h3 { margin: 0; font-size: 1.05em; overflow-wrap: anywhere; }
  .meta { color: ${tokens.muted}; font-size: 0.9em; display: flex; gap: ${tokens.space2}; flex-wrap: wrap; }
  .names { flex: 1; min-width: 0; }
  .actions { display: flex; gap: ${tokens.space1}; flex-wrap: wrap; }
  .actions[data-dense='true'] { flex-wrap: nowrap; align-items: center; justify-content: space-between; }
  .rename { display: grid; gap: ${tokens.space2}; flex: 1; }
  ol.plain { list-style: none; margin: 0; padding: 0; display: grid; gap: ${tokens.space2}; }
  ol.plain > li { padding: ${tokens.space2} ${tokens.space3}; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; }
  .empty { color: ${tokens.muted}; font-style: italic; }
`;

const StepBody = styled.div<{ $tone: string }>`
  display: flex;
  align-items: center;
  gap: ${tokens.space2};
  border-left: 6px solid ${(p) => p.$tone};
  padding-left: ${tokens.space2};
  .text { flex: 1; min-width: 0; display: grid; gap: 2px; }
  .label { font-weight: 600; font-size: 0.9em; }
  .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .timing { color: ${tokens.muted}; font-size: 0.85em; }
`;

export interface CellCardProps {
  cell: BoardCell;
  index: number;
  unlocked: boolean;
  dense: boolean;
  onReorder: (ids: number[]) => void;
  onAddStep: () => void;
  onDuplicate: () => void;
  onRename: (cellName: string, shortName: string) => void;
  onEditStep: (step: BoardStep) => void;
  onDeleteStep: (step: BoardStep) => void;
}

function Step({ step, dense, unlocked, onEdit, onDelete }: { step: BoardStep; dense: boolean; unlocked: boolean; onEdit: () => void; onDelete: () => void }) {
  const label = stepLabel(step.step_kind);
  const full = step.step_name;
  return (
    <StepBody $tone={TONE_COLOURS[stepTone(step.step_kind)]} part="step" data-tone={stepTone(step.step_kind)} data-step-id={step.step_order_id}>
      <div className="text">
        <span className="label" part="step-label">{label}</span>
        {dense ? null : <span className="name" part="step-name" title={full.length > 30 ? full : undefined}>{stepTitle(full)}</span>}
        {dense ? null : (
          <span className="timing" part="step-timing">
            {`Next button after ${step.seconds_before_show_next} s`}
            {step.seconds_before_move_next ? ` · moves on after ${step.seconds_before_move_next} s` : ''}
            {step.step_settings.next_type ? ` · ${step.step_settings.next_type}` : ''}
          </span>
        )}
      </div>
      {unlocked ? (
        <Menu
          label={<span aria-hidden="true">☰</span>}
          buttonLabel={`Step menu: ${full}`}
          variant="link"
          align="end"
          part="step-menu"
          items={[
            { id: 'edit', label: 'Edit', onSelect: onEdit },
            { id: 'delete', label: 'Delete', onSelect: onDelete },
          ]}
        />
      ) : null}
    </StepBody>
  );
}

export function CellCard({ cell, index, unlocked, dense, onReorder, onAddStep, onDuplicate, onRename, onEditStep, onDeleteStep }: CellCardProps) {
  const [renaming, setRenaming] = useState(false);
  const [names, setNames] = useState({ cellName: cell.cell_name, shortName: cell.short_name });
  const errors = cellErrors(names);
  const count = cell.step_data.length;

  const startRename = () => {
    setNames({ cellName: cell.cell_name, shortName: cell.short_name });
    setRenaming(true);
  };
  // Leaving a field sends the names (D2-097); moving between the two fields does not.
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    if (errors.cellName || errors.shortName) return;
    setRenaming(false);
    if (names.cellName !== cell.cell_name || names.shortName !== cell.short_name) onRename(names.cellName.trim(), names.shortName.trim());
  };

  const render = (s: BoardStep) => (
    <Step step={s} dense={dense} unlocked={unlocked} onEdit={() => onEditStep(s)} onDelete={() => onDeleteStep(s)} />
  );

  return (
    <Card $bar={cellColour(index)} $dense={dense} part="cell" data-cell-id={cell.cell_id} aria-label={`Cell ${cell.cell_name}`}>
      <header>
        {renaming ? (
          <div className="rename" onBlur={onBlur} part="rename">
            <TextField label="Long name" value={names.cellName} maxLength={CELL_NAME_MAX} autoFocus error={errors.cellName}
              onChange={(e) => setNames({ ...names, cellName: e.target.value })}
              onKeyDown={(e) => { if (e.key === 'Escape') setRenaming(false); }} />
            <TextField label="Short name" value={names.shortName} maxLength={SHORT_NAME_MAX} error={errors.shortName}
              onChange={(e) => setNames({ ...names, shortName: e.target.value })}
              onKeyDown={(e) => { if (e.key === 'Escape') setRenaming(false); }} />
          </div>
        ) : (
          <div className="names">
            <h3 part="cell-title" title={cell.cell_name.length > 19 ? cell.cell_name : undefined}>{cellTitle(cell.cell_name)}</h3>
            <div className="meta">
              <span part="cell-short-name">{cell.short_name}</span>
              <span part="cell-count">{count === 1 ? '1 step' : `${count} steps`}</span>
            </div>
          </div>
        )}
      </header>
      {unlocked && dense ? (
        // Dense cells are too narrow for three buttons on one line (issue 38: they wrapped onto
        // two): Add step stays a button, Duplicate and Rename move into a compact menu.
        <div className="actions" part="cell-actions" data-dense="true">
          <Button type="button" onClick={onAddStep} aria-label={`Add step to ${cell.cell_name}`}>Add step</Button>
          <Menu
            label={<span aria-hidden="true">⋯</span>}
            buttonLabel={`More actions for ${cell.cell_name}`}
            align="end"
            part="cell-menu"
            items={[
              { id: 'duplicate', label: 'Duplicate', onSelect: onDuplicate },
              { id: 'rename', label: 'Rename', onSelect: startRename, disabled: renaming },
            ]}
          />
        </div>
      ) : unlocked ? (
        <div className="actions" part="cell-actions">
          <Tooltip content="Duplicate this cell with its steps"><Button type="button" $variant="secondary" onClick={onDuplicate} aria-label={`Duplicate ${cell.cell_name}`}>Duplicate</Button></Tooltip>
          <Button type="button" $variant="secondary" onClick={startRename} aria-label={`Rename ${cell.cell_name}`} disabled={renaming}>Rename</Button>
          <Button type="button" onClick={onAddStep} aria-label={`Add step to ${cell.cell_name}`}>Add step</Button>
        </div>
      ) : null}
      {count === 0 ? <p className="empty">No steps yet</p> : unlocked ? (
        <SortableList
          items={cell.step_data}
          getId={(s) => s.step_order_id}
          itemLabel={(s) => `${stepLabel(s.step_kind)} ${s.step_name}`}
          renderItem={render}
          onReorder={(items) => onReorder(items.map((s) => s.step_order_id))}
          label={`Steps of ${cell.cell_name}`}
        />
      ) : (
        <ol className="plain" aria-label={`Steps of ${cell.cell_name}`}>
          {cell.step_data.map((s) => <li key={s.step_order_id}>{render(s)}</li>)}
        </ol>
      )}
    </Card>
  );
}
