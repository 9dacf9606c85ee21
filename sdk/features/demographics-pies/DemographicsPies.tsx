// The demographics pieces (moved from sdk/elements/demographics so <gaze-demographics> and
// <gaze-demographic-report> share them): the summary of one study as pies, 'Limit to eyetracking',
// the filter dialog and the CSV downloads. useDemographics holds one element's view.
import { useEffect, useId, useReducer, useRef, useState, type Dispatch } from 'react';
import styled from 'styled-components';
import { useApi, useResource } from '../../core/resource/hooks';
import {
  activeFilterCount, demographicFilterList, demographicSummary, FILTER_FIELDS, initialView, piesOf, summaryParams, viewReducer,
  type DemographicsView, type ViewAction,
} from '../../core/demographics/demographics';
import { csvFileName, demographicCsv } from '../../core/demographics/csv';
import { downloadCsv } from '../../core/download/download';
import { groupLabel, type Pie } from '../../core/demographics/pies';
import type { DemographicFilterItem, DemographicFilterKind } from '../../core/api/demographics';
import { Actions, Button, ErrorText, Modal, tokens } from '../../ui';
import { PieChart } from '../../ui/charts';

export const Toolbar = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  flex-wrap: wrap;
  margin-bottom: 16px;
`;
export const Switch = styled.label`
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
export const Grid = styled.div`
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

export function SplitDownload({ pies, studyId }: { pies: Pie[]; studyId?: number }) {
  const [open, setOpen] = useState(false);
  // Each saved CSV is recorded in My Downloads.
  const record = { api: useApi(), studyId };
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
      <Button onClick={() => downloadCsv(demographicCsv(pies), csvFileName(), record)}>Download</Button>
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
                  downloadCsv(demographicCsv([p]), csvFileName(p.title), record);
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

/** One kind's checkbox list (fetched once per page and scope, shared by every study). */
function useFilterList(kind: DemographicFilterKind): DemographicFilterItem[] {
  return useResource(demographicFilterList, kind).data ?? [];
}

export function FilterModal({ view, change }: { view: DemographicsView; change: Dispatch<ViewAction> }) {
  // The four kinds in a fixed order: one hook each.
  const lists: Record<DemographicFilterKind, DemographicFilterItem[]> = {
    age: useFilterList('age'),
    family: useFilterList('family'),
    earnings: useFilterList('earnings'),
    gender: useFilterList('gender'),
  };
  const draft = view.draft;
  return (
    <Modal open={view.modalOpen} title="Filters" onClose={() => change({ type: 'close' })}>
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
                  onChange={() => change({ type: 'toggle', field, id: item.id })}
                />
                {kind === 'earnings' ? groupLabel('earnings_group', item.name) : item.name}
              </label>
            ))}
          </Group>
        );
      })}
      <Actions>
        <Button onClick={() => change({ type: 'submit' })}>Submit filters</Button>
        <Button $variant="secondary" onClick={() => change({ type: 'clear' })}>
          Clear filters
        </Button>
      </Actions>
    </Modal>
  );
}

/** A study id the API can hold (contract/common.ts: a decimal from 1 to 2^31 − 1); anything else cannot exist. */
export function validStudyId(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= 2147483647 ? n : 0;
}

/** One element's demographics: its own view (limit, filters, dialog) and the summary of its key. */
export function useDemographics(id: number) {
  const [view, change] = useReducer(viewReducer, undefined, initialView);
  // Earlier figures stay while a changed filter's figures load (never another company's).
  const summary = useResource(demographicSummary, summaryParams(id, view), { enabled: id > 0, keepPrevious: true });
  return { view, change, summary, pies: piesOf(summary.data) };
}

/** The limit switch, filter toggle and download, the pies and the filter dialog. */
export function DemographicsBody({ id, demographics }: { id: number; demographics: ReturnType<typeof useDemographics> }) {
  const { view, change, summary, pies } = demographics;
  const error = summary.status === 'error' ? summary.error : null;
  const limit = view.limitToEyetracking;
  const activeFilters = activeFilterCount(view);
  const switchId = useId();
  return (
    <>
      <Toolbar part="toolbar">
        <Switch part="limit" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            aria-checked={limit}
            checked={limit}
            onChange={(e) => {
              if (id) change({ type: 'limit', limit: e.target.checked });
            }}
          />
          Limit to eyetracking
        </Switch>
        <Button
          $variant="secondary"
          part="filter-toggle"
          onClick={() => {
            if (id) change({ type: 'open' });
          }}
        >
          {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
        </Button>
        <SplitDownload pies={pies} studyId={id} />
      </Toolbar>
      {error ? <ErrorText>{error}</ErrorText> : null}
      <Grid part="pies">
        {pies.map((p) => (
          <PieChart key={p.group} title={p.title} data={p.slices} hasData={p.hasData} />
        ))}
      </Grid>
      <FilterModal view={view} change={change} />
    </>
  );
}
