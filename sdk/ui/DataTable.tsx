import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';
import { Pagination, PageSizeSelect, PAGE_SIZES } from './Pagination';
import { Spinner } from './Spinner';
import { visibleColumns } from './columnFit';
import { useHost } from './host';
import { dispatchGazeEvent, GAZE_EVENTS } from './events';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}
export type RowKey = string | number;

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Sortable: a button in the heading. */
  sortable?: boolean;
  /** 1 (default) always shown; higher numbers hide first when the container is narrow. */
  priority?: number;
  /** Pixels the column needs before it is hidden (default 120). */
  minWidth?: number;
  align?: 'start' | 'end';
}

export interface DataTablePaging {
  /** 1-based. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** e.g. "120 studies", shown beside the controls. */
  summary?: ReactNode;
}

export interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => RowKey;
  /** Names the table (a caption, visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** Keeps the current rows under a dimmed overlay with a spinner (aria-busy). */
  loading?: boolean;
  /** Shown when there are no rows and nothing is loading. */
  empty?: ReactNode;
  /** Row selection: checkboxes per row and one for every row on the page. */
  selected?: RowKey[];
  onSelectionChange?: (keys: RowKey[]) => void;
  /** Name of a row's checkbox, e.g. the study name ("Select <name>"). */
  rowLabel?: (row: Row) => string;
  /** Pagination above and below the table. */
  paging?: DataTablePaging;
}

const Wrap = styled.div`
  display: grid;
  gap: ${tokens.space3};
  min-width: 0;
`;
// The columns are dropped to fit; when even the ones that must stay are wider (a very narrow
// container), the table scrolls inside its own box rather than pushing the page sideways.
const Scroller = styled.div`
  position: relative;
  min-width: 0;
  overflow-x: auto;
  &:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: 2px; }
  /* While the table scrolls sideways its first column stays in view, so every row keeps its name. */
  &[data-scrolls='true'] th:first-child, &[data-scrolls='true'] td:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${tokens.surface};
    box-shadow: 1px 0 0 ${tokens.border};
  }
`;
const T = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption { text-align: left; font-weight: 600; padding-bottom: ${tokens.space2}; }
  caption[data-hidden='true'] { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  th, td { text-align: left; padding: ${tokens.space2} 10px; border-bottom: 1px solid ${tokens.border}; vertical-align: middle; }
  th[data-align='end'], td[data-align='end'] { text-align: right; }
  th { font-weight: 600; white-space: nowrap; background: ${tokens.surface}; }
  th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; display: inline-flex; gap: ${tokens.space1}; align-items: center; }
  th button .arrow { color: ${tokens.muted}; font-size: 0.8em; }
  th[aria-sort] button .arrow { color: ${tokens.primaryStrong}; }
  tbody tr:hover { background: ${tokens.surfaceAlt}; }
  tbody tr[data-selected='true'] { background: ${tokens.surfaceAlt}; }
  .select { width: 40px; }
  input[type='checkbox'] { accent-color: ${tokens.primaryStrong}; width: 16px; height: 16px; margin: 0; }
  .empty td { text-align: center; color: ${tokens.muted}; padding: ${tokens.space5}; }
`;
const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(255, 255, 255, 0.6);
`;
const Controls = styled.div`
  display: flex;
  gap: ${tokens.space4};
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  select { font: inherit; padding: ${tokens.space1} ${tokens.space2}; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; }
  .summary { color: ${tokens.muted}; }
`;

const SELECT_WIDTH = 40;

/** Width of `el`, following its size (ResizeObserver); 0 until known. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => setWidth(entries[0].contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

function PagingControls({ paging, where }: { paging: DataTablePaging; where: 'top' | 'bottom' }) {
  return (
    <Controls part="controls" data-where={where}>
      {paging.onPageSizeChange && paging.pageSize ? (
        <PageSizeSelect value={paging.pageSize} options={paging.pageSizes ?? PAGE_SIZES} onChange={paging.onPageSizeChange} />
      ) : (
        <span />
      )}
      {paging.summary ? <span className="summary">{paging.summary}</span> : null}
      <Pagination
        page={paging.page}
        totalPages={paging.totalPages}
        onChange={paging.onPageChange}
        label={where === 'top' ? 'Pagination, above the table' : 'Pagination, below the table'}
      />
    </Controls>
  );
}

function SelectAll({ state, onChange }: { state: 'all' | 'some' | 'none'; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input ref={ref} type="checkbox" aria-label="Select all rows on this page" checked={state === 'all'} onChange={(e) => onChange(e.target.checked)} />
  );
}

/**
 * A table over one page of rows: sortable headings (buttons inside th, aria-sort on the sorted
 * one), a loading overlay that keeps the old rows, an empty state, row selection, pagination
 * above and below, and columns dropped by the width of the table's own container (not the
 * window's), least important first.
 */
export function DataTable<Row>({
  columns, rows, rowKey, caption, showCaption, sort, onSortChange, loading = false, empty = 'No data', selected, onSelectionChange, rowLabel, paging,
}: DataTableProps<Row>) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const selectable = Boolean(onSelectionChange);
  const shownKeys = useMemo(() => new Set(visibleColumns(columns, width, selectable ? SELECT_WIDTH : 0)), [columns, width, selectable]);
  const shown = columns.filter((c) => shownKeys.has(c.key));
  const chosen = new Set(selected ?? []);
  const pageKeys = rows.map(rowKey);
  const onPage = pageKeys.filter((k) => chosen.has(k)).length;
  const allState = onPage === 0 ? 'none' : onPage === pageKeys.length ? 'all' : 'some';
  const { host } = useHost();
  // The element's own handler first, then the host page hears the same keys (gaze-selection-change).
  const choose = (keys: RowKey[]) => {
    onSelectionChange?.(keys);
    if (host) dispatchGazeEvent(host, GAZE_EVENTS.selectionChange, { keys });
  };
  const setRow = (k: RowKey, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(k);
    else next.delete(k);
    choose([...next]);
  };
  const setPage = (on: boolean) => {
    const next = new Set(chosen);
    for (const k of pageKeys) {
      if (on) next.add(k);
      else next.delete(k);
    }
    choose([...next]);
  };
  // Columns that must stay can be wider than a narrow container: the table then scrolls inside its
  // own box, which takes keyboard focus (a named region) so the hidden part is reachable without a
  // pointer.
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) setScrolls(el.scrollWidth > el.clientWidth + 1);
  }, [width, rows, shown.length]);
  const colCount = shown.length + (selectable ? 1 : 0);
  const hiddenCount = columns.length - shown.length;

  return (
    <Wrap part="data-table">
      {paging ? <PagingControls paging={paging} where="top" /> : null}
      <Scroller
        ref={box}
        part="table-scroller"
        data-hidden-columns={hiddenCount}
        data-scrolls={scrolls}
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? `${caption} (scrolls sideways)` : undefined}
      >
        <T part="table" aria-busy={loading || undefined}>
          <caption data-hidden={!showCaption}>
            {caption}
            {hiddenCount > 0 ? <span className="gaze-visually-hidden">{` (${hiddenCount} columns hidden for the narrow width)`}</span> : null}
          </caption>
          <thead>
            <tr>
              {selectable ? (
                <th className="select" scope="col">
                  <SelectAll state={rows.length ? allState : 'none'} onChange={setPage} />
                </th>
              ) : null}
              {shown.map((c) => {
                const active = sort?.key === c.key;
                const dir = active ? sort!.direction : null;
                return (
                  <th key={c.key} scope="col" data-key={c.key} data-align={c.align} aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {c.sortable && onSortChange ? (
                      <button type="button" onClick={() => onSortChange({ key: c.key, direction: dir === 'asc' ? 'desc' : 'asc' })}>
                        {c.header}
                        <span className="arrow" aria-hidden="true">
                          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="empty">
                <td colSpan={colCount} part="empty">
                  {loading ? 'Loading…' : empty}
                </td>
              </tr>
            ) : (
              rows.map((r) => {
                const k = rowKey(r);
                return (
                  <tr key={k} data-key={k} data-selected={selectable ? chosen.has(k) : undefined}>
                    {selectable ? (
                      <td className="select">
                        <input
                          type="checkbox"
                          aria-label={`Select ${rowLabel ? rowLabel(r) : `row ${k}`}`}
                          checked={chosen.has(k)}
                          onChange={(e) => setRow(k, e.target.checked)}
                        />
                      </td>
                    ) : null}
                    {shown.map((c) => (
                      <td key={c.key} data-key={c.key} data-align={c.align}>
                        {c.render(r)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </T>
        {loading && rows.length ? (
          <Overlay part="loading-overlay">
            <Spinner $size={28} />
          </Overlay>
        ) : null}
      </Scroller>
      {paging ? <PagingControls paging={paging} where="bottom" /> : null}
    </Wrap>
  );
}

/** The API's `order_by` ('name_asc', 'estimated_batch_size_desc') as the table's sort state. */
export function sortFromOrderBy(orderBy: string): SortState {
  const m = /^(.*)_(asc|desc)$/.exec(orderBy);
  return m ? { key: m[1], direction: m[2] as SortDirection } : { key: orderBy, direction: 'asc' };
}

/** The table's sort state as the API's `order_by`. */
export const orderByFromSort = (s: SortState): string => `${s.key}_${s.direction}`;
