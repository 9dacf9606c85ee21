import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useGazeDispatch, useGazeSelector } from '../../core/store/context';
import { studiesActions } from '../../core/studies/slice';
import * as sel from '../../core/studies/selectors';
import { lookupsActions } from '../../core/lookups/slice';
import { lookupOptions, selectLookupList } from '../../core/lookups/selectors';
import { selectActingCompanyId } from '../../core/session/selectors';
import type { StudyListItem } from '../../core/api/studies';
import type { LookupListName } from '../../core/api/lookups';
import {
  Button, ButtonLink, EnvironmentIcon, ErrorText, Link, PageSizeSelect, Pagination, SearchBox, Table, tokens, truncate, type Column,
} from '../../ui';
import { completedText, formatDate, liveText, participantsText, participantsTooltip } from './format';

/** Below this width of the element the fieldwork dates are hidden (D1-100). */
export const NARROW_WIDTH = 900;

const Wrap = styled.section`
  /* The element's own width decides (a container query), not the window's: an embedder may
     place the list in a narrow column of a wide page. */
  container-type: inline-size;
  display: grid;
  gap: 12px;
  @container (max-width: ${NARROW_WIDTH - 1}px) {
    .gaze-hide-narrow { display: none; }
  }
  a { color: ${tokens.primary}; }
`;
const Toolbar = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
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
  label { display: inline-flex; gap: 6px; align-items: center; }
  select { font: inherit; padding: 4px 6px; }
`;
const Controls = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  select { font: inherit; }
`;

function Cut({ text }: { text: string | null | undefined }) {
  const full = text ?? '';
  return <span title={full.length > 40 ? full : undefined}>{truncate(full)}</span>;
}

const columns: Column<StudyListItem>[] = [
  {
    key: 'name',
    header: 'Study name',
    sortKey: 'name',
    render: (r) => (
      <Link href={`/my_studies/overview/${r.study_id}`} title={r.name}>
        {truncate(r.name)}
      </Link>
    ),
  },
  { key: 'environment', header: 'Environment', sortKey: 'environment', render: (r) => <EnvironmentIcon name={r.environment} /> },
  { key: 'media', header: 'Media', sortKey: 'media', render: (r) => <Cut text={r.media} /> },
  { key: 'live', header: 'Live', render: (r) => liveText(r.live) },
  { key: 'completed', header: 'Completed', render: (r) => completedText(r.completed) },
  { key: 'cells', header: 'No. cells', render: (r) => r.cell_count },
  {
    key: 'participants',
    header: 'Participants Returned',
    render: (r) => (
      <span part="participants" title={participantsTooltip(r.participants_requested, r.participants_returned)}>
        {participantsText(r.participants_requested, r.participants_returned)}
      </span>
    ),
  },
  { key: 'start', header: 'Fieldwork Start', hideNarrow: true, render: (r) => formatDate(r.data_collection_start) },
  { key: 'end', header: 'Fieldwork End', hideNarrow: true, render: (r) => formatDate(r.data_collection_end) },
];

function PagingControls({ where }: { where: 'top' | 'bottom' }) {
  const dispatch = useGazeDispatch();
  const page = useGazeSelector(sel.selectStudyPage);
  const totalPages = useGazeSelector(sel.selectStudyTotalPages);
  const pageSize = useGazeSelector(sel.selectStudyPageSize);
  return (
    <Controls part="controls" data-where={where}>
      <PageSizeSelect value={pageSize} onChange={(n) => dispatch(studiesActions.setPageSize(n))} />
      <Pagination page={page} totalPages={totalPages} onChange={(p) => dispatch(studiesActions.setPage(p))} />
    </Controls>
  );
}

/** A checkbox for a '1' / '-1' flag filter (D1-091). */
function FlagFilter({ field, label }: { field: 'filter_live' | 'filter_completed'; label: string }) {
  const dispatch = useGazeDispatch();
  const value = useGazeSelector((s) => sel.selectStudyQuery(s)[field]);
  return (
    <label>
      <input
        type="checkbox"
        checked={value === '1'}
        onChange={(e) => dispatch(studiesActions.setFilters({ [field]: e.target.checked ? '1' : '-1' }))}
      />
      {label}
    </label>
  );
}

/** A select over one lookup list; 0 = All (D1-091). */
function LookupFilter({ field, list, label }: { field: 'filter_media_id' | 'filter_environment_id'; list: LookupListName; label: string }) {
  const dispatch = useGazeDispatch();
  const value = useGazeSelector((s) => sel.selectStudyQuery(s)[field]);
  const items = useGazeSelector(selectLookupList(list));
  const options = useMemo(() => lookupOptions(items), [items]);
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => dispatch(studiesActions.setFilters({ [field]: Number(e.target.value) }))}>
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
  const dispatch = useGazeDispatch();
  const query = useGazeSelector(sel.selectStudyQuery);
  const items = useGazeSelector(sel.selectStudies);
  const error = useGazeSelector(sel.selectStudiesError);
  const loaded = useGazeSelector(sel.selectStudiesLoaded);
  const activeFilters = useGazeSelector(sel.selectActiveStudyFilterCount);
  const companyId = useGazeSelector(selectActingCompanyId);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  useEffect(() => {
    dispatch(studiesActions.load());
    dispatch(lookupsActions.request('medias_list'));
    dispatch(lookupsActions.request('environments_list'));
  }, [dispatch, companyId]);

  return (
    <Wrap part="study-list">
      <Toolbar part="toolbar">
        <SearchBox value={query.filter_name} placeholder="Search my studies..." onSearch={(v) => dispatch(studiesActions.search(v))} />
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
          <FlagFilter field="filter_live" label="Live" />
          <FlagFilter field="filter_completed" label="Completed" />
          <LookupFilter field="filter_media_id" list="medias_list" label="Media" />
          <LookupFilter field="filter_environment_id" list="environments_list" label="Environment" />
        </Filters>
      ) : null}
      {error ? <ErrorText>{error}</ErrorText> : null}
      <PagingControls where="top" />
      <Table
        columns={columns}
        rows={items}
        rowKey={(r) => r.study_id}
        orderBy={query.order_by}
        onSort={(o) => dispatch(studiesActions.sort(o))}
        empty={loaded ? 'No studies found' : 'Loading…'}
      />
      <PagingControls where="bottom" />
    </Wrap>
  );
}
