import { useReducer } from 'react';
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { ListPaging } from '../../features/list-paging';
import { DEFAULT_VENDOR_STIM_QUERY, listReducer, vendorStims } from '../../core/batches/batches';
import type { VendorStimListResponse, VendorStimQuery } from '../../core/api/batches';
import { ErrorText, formatDate, Link, SearchBox, Select, DataTable, orderByFromSort, sortFromOrderBy, Tooltip, tokens, type DataColumn } from '../../ui';

type Row = VendorStimListResponse['data'][number];

const Wrap = styled.section`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its box instead of widening the element. */
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  a { color: ${tokens.primaryStrong}; }
  .gz-scroll { overflow-x: auto; }
`;
const Toolbar = styled.div`
  display: flex;
  gap: 12px;
  flex-wrap: wrap;
  align-items: flex-end;
`;

export const STIM_TYPES = [
  { value: 'All', label: 'All' }, { value: 'image', label: 'Image' }, { value: 'video', label: 'Video' },
  { value: 'script', label: 'Script' }, { value: 'vast', label: 'VAST' },
];

const columns: DataColumn<Row>[] = [
  { key: 'identifier', header: 'Identifier', sortable: true, render: (r) => r.identifier },
  { key: 'name', header: 'Name', sortable: true, render: (r) => r.name },
  { key: 'type', header: 'Type', sortable: true, render: (r) => r.type_group || 'Unknown' },
  { key: 'size', header: 'Width x Height', render: (r) => (r.width && r.height ? `${r.width} x ${r.height}` : '–') },
  { key: 'discovered_date', header: 'Discovered Date', sortable: true, render: (r) => formatDate(r.discovered_date) },
  {
    key: 'aoi',
    header: <Tooltip content="Define areas of interest."><span tabIndex={0}>AOI</span></Tooltip>,
    render: (r) => <Link href={`/batch_stim_list/aoi/${r.internal_stim_id}?type=batch`} aria-label={`AOI of ${r.name}`}>AOI</Link>,
  },
];

export function BatchStimList() {
  const [query, change] = useReducer(listReducer<VendorStimQuery>, DEFAULT_VENDOR_STIM_QUERY);
  const list = useResource(vendorStims, query, { keepPrevious: true });
  const totalPages = list.data?.total_page_num ?? 1;
  return (
    <Wrap part="batch-stim-list" aria-busy={list.loading}>
      <Toolbar part="toolbar">
        <SearchBox value={query.filter_name} placeholder="Search by name" onSearch={(text) => change({ type: 'search', field: 'filter_name', text })} />
        <Select label="Stim Type" value={query.filter_stimtype || 'All'} options={STIM_TYPES} onChange={(v) => change({ type: 'stimType', stimType: v })} />
      </Toolbar>
      {list.status === 'error' ? <ErrorText>{list.error}</ErrorText> : null}
      <ListPaging query={query} change={change} totalPages={totalPages} where="top" />
      <div className="gz-scroll">
        <DataTable
          caption="Discovered stims"
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(r) => r.internal_stim_id}
          sort={sortFromOrderBy(query.order_by)}
          onSortChange={(s) => change({ type: 'sort', orderBy: orderByFromSort(s) })}
          empty={list.data ? 'No stims found' : 'Loading…'}
        />
      </div>
      <ListPaging query={query} change={change} totalPages={totalPages} where="bottom" />
    </Wrap>
  );
}
