import { useReducer } from 'react';
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { ListPaging } from '../../features/list-paging';
import { batchList, DEFAULT_BATCH_QUERY, listReducer } from '../../core/batches/batches';
import type { BatchListQuery, BatchRow } from '../../core/api/batches';
import { ErrorText, formatDate, Link, SearchBox, DataTable, orderByFromSort, sortFromOrderBy, tokens, type DataColumn } from '../../ui';

const Wrap = styled.section`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its box instead of widening the element. */
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  a { color: ${tokens.primaryStrong}; }
  .gz-tick { color: #1b7f3b; font-weight: 700; }
  .gz-cross { color: #b3261e; font-weight: 700; }
  /* Wide tables scroll inside the element on small screens rather than widening the page. */
  .gz-scroll { overflow-x: auto; }
`;
const Toolbar = styled.div`
  display: flex;
  gap: 12px;
  flex-wrap: wrap;
  align-items: center;
`;
const Counts = styled.p`
  margin: 0;
  display: flex;
  gap: 16px;
  flex-wrap: wrap;
  strong { font-size: 1.1em; }
`;

/** A tick or a cross, read out as Yes / No (flags are display only, D3-127). */
export function Flag({ on }: { on: boolean }) {
  return on ? <span className="gz-tick" role="img" aria-label="Yes">✓</span> : <span className="gz-cross" role="img" aria-label="No">✗</span>;
}

/** The overview address of a batch (D3-126). */
export const overviewPath = (r: Pick<BatchRow, 'internal_batch_id' | 'internal_vendor_id'>) =>
  `/my_batches/batch_overview/${encodeURIComponent(r.internal_batch_id)}&${encodeURIComponent(r.internal_vendor_id)}`;

const columns: DataColumn<BatchRow>[] = [
  { key: 'name', header: 'Name', sortable: true, render: (r) => r.name || 'TBD' },
  { key: 'batch_id', header: 'Batch Id', sortable: true, render: (r) => <Link href={overviewPath(r)}>{r.batch_id}</Link> },
  { key: 'estimated_batch_size', header: 'Estimated Batch Size', sortable: true, render: (r) => r.estimated_batch_size.toLocaleString('en-GB') },
  { key: 'live', header: 'Live', sortable: true, render: (r) => <Flag on={r.live} /> },
  { key: 'completed', header: 'Completed', sortable: true, render: (r) => <Flag on={r.completed} /> },
  { key: 'data_collection_start', header: 'Data Collection Start', sortable: true, render: (r) => formatDate(r.data_collection_start) },
  { key: 'data_collection_end', header: 'Data Collection End', sortable: true, render: (r) => formatDate(r.data_collection_end) },
  { key: 'report_generated_date', header: 'Report Generated', sortable: true, render: (r) => formatDate(r.report_generated_date) },
];

export function BatchList() {
  const [query, change] = useReducer(listReducer<BatchListQuery>, DEFAULT_BATCH_QUERY);
  const list = useResource(batchList, query, { keepPrevious: true });
  const data = list.data;
  const totalPages = data?.total_page_num ?? 1;
  return (
    <Wrap part="batch-list" aria-busy={list.loading}>
      <Counts part="counts">
        <span>Live batches: <strong>{data ? data.total_live : '…'}</strong></span>
        <span>Completed batches: <strong>{data ? data.total_completed : '…'}</strong></span>
      </Counts>
      <Toolbar part="toolbar">
        <SearchBox value={query.filter_name} placeholder="Search by name" onSearch={(text) => change({ type: 'search', field: 'filter_name', text })} />
        <SearchBox value={query.filter_id} placeholder="Search by Id" onSearch={(text) => change({ type: 'search', field: 'filter_id', text })} />
        <Link href="/my_batches/files" part="files-link">Batch files</Link>
      </Toolbar>
      {list.status === 'error' ? <ErrorText>{list.error}</ErrorText> : null}
      <ListPaging query={query} change={change} totalPages={totalPages} where="top" />
      <div className="gz-scroll">
        <DataTable
          caption="Batches"
          columns={columns}
          rows={data?.data ?? []}
          rowKey={(r) => `${r.internal_vendor_id}/${r.internal_batch_id}`}
          sort={sortFromOrderBy(query.order_by)}
          onSortChange={(s) => change({ type: 'sort', orderBy: orderByFromSort(s) })}
          empty={data ? 'No batches found' : 'Loading…'}
        />
      </div>
      <ListPaging query={query} change={change} totalPages={totalPages} where="bottom" />
    </Wrap>
  );
}
