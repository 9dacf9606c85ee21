// My Validations (spec document 3 §2.16, resolution 23): the company's real run-through records —
// 'Search study validations...', a filter icon (by result), columns Study name, Executed by, Date
// (dd/mm/yyyy, 12-hour), Result; sorting by Executed_by, Date, Result; 5 rows a page. Clicking a
// study name orders a new run-through of it (super users; others are told why not).
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useMutation, useResource } from '../../core/resource/hooks';
import { useGazeSelector } from '../../core/store/context';
import { selectSuperUser } from '../../core/session/selectors';
import { orderRunThrough, validationList } from '../../core/my-reports/my-reports';
import {
  ORDER_NOT_ALLOWED, VALIDATION_PAGE_SIZE, VALIDATION_SEARCH_PLACEHOLDER, VALIDATION_STATUSES,
  type ValidationSortKey, type ValidationStatus, type ValidationView,
} from '../../core/api/my-reports';
import { DataTable, ErrorText, Menu, SearchBox, Toast, TOAST_DURATION_ERROR, formatDateTime, tokens, type DataColumn, type SortState } from '../../ui';

const STATUS_LABELS: Record<string, string> = { queued: 'Queued', running: 'Running', passed: 'Passed', failed: 'Failed' };

const Wrap = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space3};
  h1 { margin: 0; font-size: 1.4rem; }
  .bar { display: flex; gap: ${tokens.space2}; align-items: center; flex-wrap: wrap; }
  .bar > :first-child { flex: 1 1 240px; }
  .study { border: 0; background: none; padding: 0; color: ${tokens.primaryStrong}; text-decoration: underline; cursor: pointer; font: inherit; text-align: left; }
  .study:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: 2px; }
  .failed { color: ${tokens.danger}; }
  .passed { color: ${tokens.success}; }
  .checks summary { cursor: pointer; color: ${tokens.primaryStrong}; }
  .checks summary:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: 2px; }
  .checks ol { margin: ${tokens.space1} 0 0; padding-left: 1.4em; }
  .checks .cell { margin-top: ${tokens.space1}; font-weight: 600; }
  .checks .refused { margin-top: ${tokens.space1}; color: ${tokens.muted}; }
  .checks .refused ul { margin: 0; padding-left: 1.4em; overflow-wrap: anywhere; }
`;

/** Result text: passed / failed with its step and reason / queued / running. */
export function resultText(v: Pick<ValidationView, 'status' | 'result'>): string {
  const label = STATUS_LABELS[v.status] ?? v.status;
  return v.result ? `${label}: ${v.result}` : label;
}

/** A finished run-through's checks: per cell, every step passed or failed with its reason. */
export function RunChecks({ cells }: { cells: NonNullable<ValidationView['cells']> }) {
  const steps = cells.reduce((n, c) => n + c.steps.length, 0);
  return (
    <details className="checks">
      <summary>{`${cells.length} ${cells.length === 1 ? 'cell' : 'cells'}, ${steps} ${steps === 1 ? 'step' : 'steps'}`}</summary>
      {cells.map((c) => (
        <div key={c.cell_id}>
          <div className={`cell ${c.status}`}>{`${c.cell_name}: ${STATUS_LABELS[c.status] ?? c.status}${c.reason ? ` (${c.reason})` : ''}`}</div>
          <ol>
            {c.steps.map((st) => (
              <li key={st.position} className={st.status}>{`${st.name || st.type}: ${STATUS_LABELS[st.status] ?? st.status}${st.reason ? ` (${st.reason})` : ''}`}</li>
            ))}
          </ol>
          {c.refused_total ? <RefusedRequests cell={c} /> : null}
        </div>
      ))}
    </details>
  );
}

/** Requests of the study's content the run-through's address policy refused (issue 36): listed, not failed. */
export function refusedSummary(total: number): string {
  return `${total} ${total === 1 ? 'request' : 'requests'} to private or local addresses refused`;
}

function RefusedRequests({ cell }: { cell: NonNullable<ValidationView['cells']>[number] }) {
  const list = cell.refused_requests ?? [];
  const total = cell.refused_total ?? list.length;
  return (
    <div className="refused" part="refused-requests">
      <div>{refusedSummary(total)}</div>
      <ul>
        {list.map((r) => (
          <li key={`${r.target} ${r.reason}`}><code>{r.target}</code>{`: ${r.reason}${r.count > 1 ? ` (×${r.count})` : ''}`}</li>
        ))}
        {total > list.reduce((n, r) => n + r.count, 0) ? <li>{`and ${total - list.reduce((n, r) => n + r.count, 0)} more`}</li> : null}
      </ul>
    </div>
  );
}

const FilterIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M1 2h14l-5.5 6.5V14l-3-1.5V8.5z" fill="currentColor" />
  </svg>
);

export function Validations() {
  const superUser = useGazeSelector(selectSuperUser);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ValidationStatus | undefined>();
  const [sort, setSort] = useState<SortState>({ key: 'Date', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const query = { search, status, sort: sort.key as ValidationSortKey, direction: sort.direction, page, size: VALIDATION_PAGE_SIZE };
  const list = useResource(validationList, query, { keepPrevious: true });
  const order = useMutation(orderRunThrough);

  const onName = (v: ValidationView) => {
    if (!superUser) {
      setNotice({ kind: 'error', text: ORDER_NOT_ALLOWED });
      return;
    }
    ordering.current = v.study_name;
    order.run(v.study_id);
  };
  // The order's outcome: a toast, and on success the list again (the new row is queued, newest).
  const ordering = useRef('');
  const { status: orderStatus, count: orderCount, error: orderError } = order;
  const { refetch } = list;
  useEffect(() => {
    if (!orderCount) return;
    if (orderStatus === 'done') {
      setNotice({ kind: 'success', text: `Run-through ordered for ${ordering.current}` });
      refetch();
    } else if (orderStatus === 'error') {
      setNotice({ kind: 'error', text: orderError ?? 'The run-through could not be ordered' });
    }
  }, [orderStatus, orderCount, orderError, refetch]);

  const columns: DataColumn<ValidationView>[] = [
    {
      key: 'study', header: 'Study name', minWidth: 160,
      render: (v) => (
        <button type="button" className="study" part="study-name" onClick={() => onName(v)}
          title={superUser ? 'Order a new run-through of this study' : ORDER_NOT_ALLOWED}>
          {v.study_name}
        </button>
      ),
    },
    { key: 'Executed_by', header: 'Executed by', sortable: true, render: (v) => v.executed_by ?? '—', priority: 2, minWidth: 160 },
    { key: 'Date', header: 'Date', sortable: true, render: (v) => formatDateTime(v.date), minWidth: 150 },
    { key: 'Result', header: 'Result', sortable: true, render: (v) => (
      <div>
        <span className={v.status}>{resultText(v)}</span>
        {v.cells?.length ? <RunChecks cells={v.cells} /> : null}
      </div>
    ), minWidth: 120 },
  ];

  return (
    <Wrap part="validations">
      <h1>My Validations</h1>
      <div className="bar">
        <SearchBox placeholder={VALIDATION_SEARCH_PLACEHOLDER} value={search} onSearch={(s) => { setSearch(s); setPage(1); }} />
        <Menu
          part="filter"
          variant="secondary"
          align="end"
          buttonLabel={status ? `Filter: ${STATUS_LABELS[status]}` : 'Filter by result'}
          label={<><FilterIcon />{status ? ` ${STATUS_LABELS[status]}` : ''}</>}
          items={[
            { id: 'all', label: 'All results', onSelect: () => { setStatus(undefined); setPage(1); } },
            ...VALIDATION_STATUSES.map((s) => ({ id: s, label: STATUS_LABELS[s], onSelect: () => { setStatus(s); setPage(1); } })),
          ]}
        />
      </div>
      {list.error && !list.data ? <ErrorText>{list.error}</ErrorText> : (
        <DataTable
          caption="Study validations"
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(v) => `${v.kind}-${v.id}`}
          sort={sort}
          onSortChange={(s) => { setSort(s); setPage(1); }}
          loading={list.loading}
          empty={search || status ? 'No validation matches your search' : 'No run-throughs yet. Order one from a study overview.'}
          paging={list.data ? { page, totalPages: list.data.total_pages, onPageChange: setPage, summary: `${list.data.total} validations` } : undefined}
        />
      )}
      {notice ? <Toast kind={notice.kind} text={notice.text} duration={notice.kind === 'error' ? TOAST_DURATION_ERROR : undefined} onClose={() => setNotice(null)} /> : null}
    </Wrap>
  );
}
