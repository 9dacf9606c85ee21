// The per-stim reports' demographic filters (issue 37 item 3): one set per report element, applied
// to every read of it — metrics, curves, downloads, the replay link and the interactive visual —
// so the heatmap and the figures beside it are about the same respondents. The dialog is the
// demographics page's (D1-116..120); the element's `filters` attribute sets the starting filters.
import { useEffect, useMemo, useReducer, useRef } from 'react';
import styled from 'styled-components';
import { Button, tokens } from '../../ui';
import { FilterModal } from '../demographics-pies';
import { activeFilterCount, emptyFilters, initialView, viewReducer } from '../../core/demographics/demographics';
import { reportFilterBody, type ReportFilters } from '../../core/reports/reports';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space2};
  align-items: center;
  [part='filter-summary'] { color: ${tokens.muted}; font-size: 0.9em; }
`;

/** The report's filters (stable while unchanged: they key every read) and its filter bar. */
export function useReportFilters(initial?: ReportFilters) {
  const given = JSON.stringify(reportFilterBody(initial).filters ?? {});
  const start = () => ({ ...emptyFilters(), ...(JSON.parse(given) as ReportFilters) });
  // Starts from the given filters, so the first reads are already filtered (no unfiltered round trip).
  const [view, change] = useReducer(viewReducer, undefined, () => ({ ...initialView(), filters: start(), draft: start() }));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    change({ type: 'set', filters: start() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start() is a function of given
  }, [given]);
  const applied = JSON.stringify(reportFilterBody(view.filters).filters ?? {});
  const filters = useMemo(() => JSON.parse(applied) as ReportFilters, [applied]);
  const count = activeFilterCount(view);
  const bar = (
    <Bar part="report-filters">
      <Button $variant="secondary" part="filter-toggle" onClick={() => change({ type: 'open' })} aria-haspopup="dialog">
        {count ? `Filters (${count})` : 'Filters'}
      </Button>
      <span part="filter-summary" role="status">
        {count ? 'Figures, heatmap and downloads are for the filtered respondents' : 'All respondents'}
      </span>
      {count ? <Button $variant="secondary" part="filter-clear" onClick={() => change({ type: 'clear' })}>Clear filters</Button> : null}
      <FilterModal view={view} change={change} />
    </Bar>
  );
  return { filters, bar };
}
