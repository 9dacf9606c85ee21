import { useId, useMemo, useReducer, useState, type Dispatch } from 'react';
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import {
  activeStudyFilterCount, DEFAULT_STUDY_QUERY, studyList, studyListView, studyQueryReducer, type StudyQueryAction,
} from '../../core/studies/list';
import { itemsOf, lookupList, lookupOptions } from '../../core/lookups/lists';
// The kit's page-size select offers exactly the contract's PAGE_SIZES.
import type { StudyListItem, StudyListQuery, StudyPageSize } from '../../core/api/studies';
import type { LookupListName } from '../../core/api/lookups';
import {
  Button, ButtonLink, DataTable, EnvironmentIcon, ErrorText, Link, SearchBox, tokens, truncate, type DataColumn,
  orderByFromSort, sortFromOrderBy,
} from '../../ui';
import { completedText, fieldworkEndText, formatDate, liveText, participantsText, participantsTooltip } from './format';

// Below about 900 px of the element's width the fieldwork dates are dropped first (D1-100): the
// DataTable drops columns by the width of its own container (not the window's; an embedder may
// place the list in a narrow column of a wide page), and the columns' minimum widths add up to it.

const Wrap = styled.section`
  display: grid;
  gap: 12px;
  min-width: 0;
  a { color: ${tokens.primaryStrong}; }
`;
const Toolbar = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  > input { flex: 1 1 200px; min-width: 0; }
`;
const Spacer = styled.span`
  flex: 1;
`;
const Filters = styled.fieldset`
  display: flex;
  gap: 16px;
  flex-wrap: wrap;
  align-items: center;
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  padding: 12px;
  margin: 0;
  min-width: 0;
  label { display: inline-flex; gap: 6px; align-items: center; }
  select { font: inherit; padding: 4px 6px; max-width: 100%; }
`;

function Cut({ text }: { text: string | null | undefined }) {
  const full = text ?? '';
  return <span title={full.length > 40 ? full : undefined}>{truncate(full)}</span>;
}

// Only the fieldwork dates are dropped on a narrow element (D1-100; issue 38: Live, Completed and
// the rest were dropped too). What must stay and does not fit scrolls sideways inside the table's
// own box, the study name held in view (DataTable).
const columns: DataColumn<StudyListItem>[] = [
  {
    key: 'name',
    header: 'Study name',
    sortable: true,
    minWidth: 160,
    render: (r) => (
      <Link href={`/my_studies/overview/${r.study_id}`} title={r.name}>
        {truncate(r.name)}
      </Link>
    ),
  },
  { key: 'environment', header: 'Environment', sortable: true, minWidth: 100, render: (r) => <EnvironmentIcon name={r.environment} /> },
  { key: 'media', header: 'Media', sortable: true, minWidth: 80, render: (r) => <Cut text={r.media} /> },
  { key: 'live', header: 'Live', minWidth: 70, render: (r) => liveText(r.live, r.paused) },
  { key: 'completed', header: 'Completed', minWidth: 110, render: (r) => completedText(r.completed) },
  { key: 'cells', header: 'No. cells', minWidth: 70, render: (r) => r.cell_count, align: 'end' },
  {
    key: 'participants',
    header: 'Participants Returned',
    minWidth: 110,
    render: (r) => (
      <span part="participants" title={participantsTooltip(r.participants_requested, r.participants_returned)}>
        {participantsText(r.participants_requested, r.participants_returned)}
      </span>
    ),
  },
  { key: 'start', header: 'Fieldwork Start', priority: 2, minWidth: 100, render: (r) => formatDate(r.data_collection_start) },
  { key: 'end', header: 'Fieldwork End', priority: 2, minWidth: 100, render: (r) => fieldworkEndText(r.data_collection_start, r.data_collection_end) },
];

interface QueryProps {
  query: StudyListQuery;
  change: Dispatch<StudyQueryAction>;
}

/** A checkbox for a '1' / '-1' flag filter (D1-091). */
function FlagFilter({ field, label, query, change }: QueryProps & { field: 'filter_live' | 'filter_completed'; label: string }) {
  return (
    <label>
      <input
        type="checkbox"
        checked={query[field] === '1'}
        onChange={(e) => change({ type: 'filters', filters: { [field]: e.target.checked ? '1' : '-1' } })}
      />
      {label}
    </label>
  );
}

/** A select over one lookup list; 0 = All (D1-091). */
function LookupFilter({ field, list, label, query, change }: QueryProps & { field: 'filter_media_id' | 'filter_environment_id'; list: LookupListName; label: string }) {
  const items = itemsOf(useResource(lookupList, list).data);
  const options = useMemo(() => lookupOptions(items), [items]);
  return (
    <label>
      {label}
      <select value={query[field]} onChange={(e) => change({ type: 'filters', filters: { [field]: Number(e.target.value) } })}>
        <option value={0}>All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function StudyList() {
  // The query is this element's own; every change is a new key of the list, hence a fetch.
  const [query, change] = useReducer(studyQueryReducer, DEFAULT_STUDY_QUERY);
  // The old rows stay while the next page or sort loads (never another company's: see keepPrevious).
  const list = useResource(studyList, query, { keepPrevious: true });
  const { items, totalPages } = studyListView(list.data);
  const error = list.status === 'error' ? list.error : null;
  // The filter selects need these lists even while the filters are folded away.
  useResource(lookupList, 'medias_list');
  useResource(lookupList, 'environments_list');
  const activeFilters = activeStudyFilterCount(query);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const q = { query, change };

  return (
    <Wrap part="study-list">
      <Toolbar part="toolbar">
        <SearchBox value={query.filter_name} placeholder="Search my studies..." onSearch={(text) => change({ type: 'search', text })} />
        <Button
          $variant="secondary"
          part="filter-toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
        </Button>
        <Spacer />
        <ButtonLink part="create-study" href="/create-study" role="button">
          Create Study
        </ButtonLink>
      </Toolbar>
      {filtersOpen ? (
        <Filters part="filters" id={filtersId} aria-label="Filters">
          <FlagFilter {...q} field="filter_live" label="Live" />
          <FlagFilter {...q} field="filter_completed" label="Completed" />
          <LookupFilter {...q} field="filter_media_id" list="medias_list" label="Media" />
          <LookupFilter {...q} field="filter_environment_id" list="environments_list" label="Environment" />
        </Filters>
      ) : null}
      {error ? <ErrorText>{error}</ErrorText> : null}
      <DataTable
        caption="My studies"
        columns={columns}
        rows={items}
        rowKey={(r) => r.study_id}
        sort={sortFromOrderBy(query.order_by)}
        onSortChange={(s) => change({ type: 'sort', orderBy: orderByFromSort(s) })}
        loading={list.loading}
        empty={error ? 'The studies could not be loaded' : 'No studies found'}
        paging={{
          page: query.page_num,
          totalPages,
          onPageChange: (page) => change({ type: 'page', page }),
          pageSize: query.results_per_page,
          onPageSizeChange: (size) => change({ type: 'pageSize', size: size as StudyPageSize }),
        }}
      />
    </Wrap>
  );
}
