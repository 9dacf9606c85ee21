import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useGazeDispatch, useGazeSelector } from '../../core/store/context';
import { demographicsActions, FILTER_FIELDS } from '../../core/demographics/slice';
import * as sel from '../../core/demographics/selectors';
import { selectActingCompanyId } from '../../core/session/selectors';
import { csvFileName, demographicCsv } from '../../core/demographics/csv';
import { downloadCsv } from '../../core/demographics/download';
import { groupLabel, type Pie } from '../../core/demographics/pies';
import type { DemographicFilterKind } from '../../core/api/demographics';
import { Actions, Button, ErrorText, Heading, Modal, tokens } from '../../ui';
import { PieChart } from '../../ui/charts';

export interface DemographicsProps {
  studyId?: number;
  studyName?: string;
}

const Toolbar = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  flex-wrap: wrap;
  margin-bottom: 16px;
`;
const Switch = styled.label`
  display: inline-flex;
  gap: 8px;
  align-items: center;
  cursor: pointer;
  input { accent-color: ${tokens.primary}; width: 18px; height: 18px; }
`;
const Split = styled.div`
  position: relative;
  display: inline-flex;
  > button:first-child { border-top-right-radius: 0; border-bottom-right-radius: 0; }
  > button:nth-child(2) { border-top-left-radius: 0; border-bottom-left-radius: 0; border-left: 1px solid rgba(255, 255, 255, 0.5); padding: 8px 10px; }
`;
const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: 100%;
  z-index: 50;
  list-style: none;
  margin: 4px 0 0;
  padding: 4px 0;
  min-width: 200px;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  box-shadow: ${tokens.shadow};
  button { display: block; width: 100%; text-align: left; font: inherit; background: none; border: 0; padding: 6px 12px; cursor: pointer; }
  button:hover, button:focus { background: rgba(0, 0, 0, 0.05); }
`;
const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
`;
const Group = styled.fieldset`
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  margin: 0 0 12px;
  padding: 8px 12px;
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  legend { font-weight: 600; padding: 0 4px; }
  label { display: inline-flex; gap: 6px; align-items: center; }
`;

const FILTER_GROUPS: { kind: DemographicFilterKind; title: string }[] = [
  { kind: 'age', title: 'Age' },
  { kind: 'family', title: 'Family' },
  { kind: 'earnings', title: 'Earnings' },
  { kind: 'gender', title: 'Gender' },
];

function SplitDownload({ pies }: { pies: Pie[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    // Close on any click outside the split button (composedPath sees through the shadow root).
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !e.composedPath().includes(ref.current)) setOpen(false);
    };
    document.addEventListener('click', onDoc);
    return () => document.removeEventListener('click', onDoc);
  }, [open]);
  return (
    <Split ref={ref} part="download">
      <Button onClick={() => downloadCsv(demographicCsv(pies), csvFileName())}>Download</Button>
      <Button aria-label="More download options" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        ▾
      </Button>
      {open ? (
        <Menu part="download-menu" role="menu" id={menuId}>
          {pies.map((p) => (
            <li key={p.group} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  downloadCsv(demographicCsv([p]), csvFileName(p.title));
                }}
              >
                {p.title} (CSV)
              </button>
            </li>
          ))}
        </Menu>
      ) : null}
    </Split>
  );
}

function FilterModal({ studyId }: { studyId: number }) {
  const dispatch = useGazeDispatch();
  const open = useGazeSelector((s) => sel.selectFilterModalOpen(s, studyId));
  const draft = useGazeSelector((s) => sel.selectDraftFilters(s, studyId));
  const lists = useGazeSelector(sel.selectFilterLists);
  return (
    <Modal open={open} title="Filters" onClose={() => dispatch(demographicsActions.closeFilters(studyId))}>
      {FILTER_GROUPS.map(({ kind, title }) => {
        const field = FILTER_FIELDS[kind];
        return (
          <Group key={kind} data-kind={kind}>
            <legend>{title}</legend>
            {(lists[kind] ?? []).map((item) => (
              <label key={item.id}>
                <input
                  type="checkbox"
                  value={item.id}
                  checked={draft[field].includes(item.id)}
                  onChange={() => dispatch(demographicsActions.toggleFilter({ studyId, field, id: item.id }))}
                />
                {kind === 'earnings' ? groupLabel('earnings_group', item.name) : item.name}
              </label>
            ))}
          </Group>
        );
      })}
      <Actions>
        <Button onClick={() => dispatch(demographicsActions.submitFilters(studyId))}>Submit filters</Button>
        <Button $variant="secondary" onClick={() => dispatch(demographicsActions.clearFilters(studyId))}>
          Clear filters
        </Button>
      </Actions>
    </Modal>
  );
}

export function Demographics({ studyId, studyName }: DemographicsProps) {
  const dispatch = useGazeDispatch();
  // Each element reads and drives only its own study's slot, so several can share a page.
  const id = studyId && studyId > 0 ? studyId : 0;
  const name = useGazeSelector((s) => sel.selectDemographicsStudyName(s, id));
  const pies = useGazeSelector((s) => sel.selectPies(s, id));
  const error = useGazeSelector((s) => sel.selectDemographicsError(s, id));
  const limit = useGazeSelector((s) => sel.selectLimitToEyetracking(s, id));
  const activeFilters = useGazeSelector((s) => sel.selectActiveFilterCount(s, id));
  const companyId = useGazeSelector(selectActingCompanyId);
  const switchId = useId();

  useEffect(() => {
    if (id) dispatch(demographicsActions.load(id));
    dispatch(demographicsActions.loadFilterLists());
  }, [dispatch, id, companyId]);

  return (
    <section part="demographics">
      <Heading part="title">{name ?? studyName ?? ''}</Heading>
      <Toolbar part="toolbar">
        <Switch part="limit" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            aria-checked={limit}
            checked={limit}
            onChange={(e) => {
              if (id) dispatch(demographicsActions.setLimitToEyetracking({ studyId: id, limit: e.target.checked }));
            }}
          />
          Limit to eyetracking
        </Switch>
        <Button
          $variant="secondary"
          part="filter-toggle"
          onClick={() => {
            if (id) dispatch(demographicsActions.openFilters(id));
          }}
        >
          {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
        </Button>
        <SplitDownload pies={pies} />
      </Toolbar>
      {error ? <ErrorText>{error}</ErrorText> : null}
      <Grid part="pies">
        {pies.map((p) => (
          <PieChart key={p.group} title={p.title} data={p.slices} hasData={p.hasData} />
        ))}
      </Grid>
      <FilterModal studyId={id} />
    </section>
  );
}
