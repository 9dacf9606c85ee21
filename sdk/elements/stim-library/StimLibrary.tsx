// The stim library (spec D2 §2.4, §5, §8, §9): the general list (/stims) and, with study-id, the
// study-specific list (no upload button; an error or an empty list shows nothing, D2-144).
import { useEffect, useReducer, useState, useId, useMemo } from 'react';
import styled from 'styled-components';
import { useGazeSelector } from '../../core/store/context';
import { useMutation, useResource } from '../../core/resource/hooks';
import { StudyOnlyState, useStudyAccess } from '../../features/study-access';
import { selectSuperUser } from '../../core/session/selectors';
import { itemsOf, lookupList, lookupOptions } from '../../core/lookups/lists';
import { DEFAULT_STIM_QUERY, deleteStims, stimList, stimQueryReducer, takeStimsMessage } from '../../core/stims/stims';
import type { StimListItem } from '../../core/api/stims';
import {
  Button, ButtonLink, ConfirmDialog, DataTable, ErrorText, Link, SearchBox, SuccessText, Toast, tokens, type DataColumn, type RowKey,
} from '../../ui';

export interface StimLibraryProps {
  studyId?: number;
}

/** A grey avatar with the stim's initial, for a missing or broken image (D2-143). */
const PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="20" fill="#d9dde3"/><circle cx="20" cy="15" r="7" fill="#9aa3ad"/><path d="M6 36c2-8 8-12 14-12s12 4 14 12" fill="#9aa3ad"/></svg>')}`;

const Wrap = styled.section`
  container-type: inline-size;
  display: grid;
  gap: 12px;
  a { color: ${tokens.primaryStrong}; }
`;
const Toolbar = styled.div`
  display: flex; gap: 12px; align-items: center; flex-wrap: wrap;
`;
const Spacer = styled.span`flex: 1;`;
const Filters = styled.fieldset`
  display: flex; gap: 16px; flex-wrap: wrap; align-items: center; margin: 0; padding: 12px;
  border: 1px solid ${tokens.border}; border-radius: ${tokens.radius};
  label { display: inline-flex; gap: 6px; align-items: center; }
  select { font: inherit; padding: 4px 6px; }
`;
// Fitted, never cropped (issue 38): a wide banner or a tall skyscraper shows whole, letterboxed.
const Thumb = styled.img`
  width: 40px; height: 40px; object-fit: contain; border-radius: 4px; vertical-align: middle; margin-right: 8px; background: #eef0f3;
`;

export function Thumbnail({ src, name }: { src: string | null; name: string }) {
  const [broken, setBroken] = useState(false);
  return <Thumb part="thumbnail" alt="" data-placeholder={broken || !src ? 'true' : undefined} src={broken || !src ? PLACEHOLDER : src} onError={() => setBroken(true)} title={name} />;
}

const TYPES: [string, string][] = [['ALL', 'All'], ['s', 'Script'], ['va', 'VAST URL'], ['vx', 'VAST XML'], ['i', 'Image'], ['v', 'Video']];

function columns(): DataColumn<StimListItem>[] {
  return [
    { key: 'name', header: 'Name', sortable: true, priority: 1, render: (r) => (
      <span><Thumbnail src={r.low_quality_source ?? (r.stim_type === 'i' ? r.source : null)} name={r.name} /><Link href={`/stims/edit/${r.id}`}>{r.name}</Link></span>
    ) },
    { key: 'media', header: 'Media', sortable: true, priority: 4, render: (r) => r.media ?? '' },
    { key: 'brand', header: 'Brand', sortable: true, priority: 3, render: (r) => r.brand ?? '' },
    { key: 'width', header: 'Width', sortable: true, priority: 5, align: 'end', render: (r) => r.width ?? '' },
    { key: 'height', header: 'Height', sortable: true, priority: 5, align: 'end', render: (r) => r.height ?? '' },
    { key: 'id', header: 'Id', sortable: true, priority: 6, align: 'end', render: (r) => r.id },
    { key: 'type', header: 'Type', sortable: true, priority: 4, render: (r) => r.type_name },
    { key: 'aoi', header: 'AOI', priority: 2, render: (r) => (
      <Link href={`/stims/aoi/${r.id}?type=stim`} aria-label={`AOI ${r.name}`}>AOI{r.aoi_count ? ` (${r.aoi_count})` : ''}</Link>
    ) },
  ];
}

export function StimLibrary({ studyId }: StimLibraryProps) {
  // A batch account is refused the library (STUDY_ROLES): one clear state, no refused list beside
  // live Delete / Upload buttons. A 403 the store could not foresee lands in the same state.
  if (!useStudyAccess()) return <StudyOnlyState />;
  return <Library studyId={studyId} />;
}

function Library({ studyId }: StimLibraryProps) {
  const inStudy = Boolean(studyId);
  const [query, change] = useReducer(stimQueryReducer, { ...DEFAULT_STIM_QUERY, study_id: studyId ?? null });
  const q = studyId && query.study_id !== studyId ? { ...query, study_id: studyId } : query;
  const list = useResource(stimList, q, { keepPrevious: true });
  const rows = list.data?.data ?? [];
  const totalPages = Math.max(1, Number(list.data?.total_page_num) || 1);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  // A message the editor or the uploader left for this screen (D2-206, D2-183), confirmed with OK.
  const [arrived, setArrived] = useState<string | null>(() => (inStudy ? null : takeStimsMessage()));
  const remove = useMutation(deleteStims);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const medias = itemsOf(useResource(lookupList, 'medias_list').data);
  const mediaOptions = useMemo(() => lookupOptions(medias), [medias]);
  useGazeSelector(selectSuperUser);
  const cols = useMemo(columns, []);
  const [sortKey, dir] = q.order_by.split('_');

  const { done, error: removeError, reset: resetRemove } = remove;
  const { refetch } = list;
  useEffect(() => {
    if (done) {
      setMessage({ kind: 'ok', text: 'Stims deleted successfully.' });
      setSelected([]);
      resetRemove();
      refetch();
    } else if (removeError) {
      // D2-152 logs a failed deletion; the server's reason (a stim in use) is shown as well.
      console.error('Stim deletion failed:', removeError);
      setMessage({ kind: 'error', text: removeError });
      resetRemove();
      refetch();
    }
  }, [done, removeError, resetRemove, refetch]);

  if (list.status === 'error' && list.errorStatus === 403 && !inStudy) return <StudyOnlyState />;
  // D2-144: the study's list shows nothing when it fails or is empty.
  if (inStudy && (list.status === 'error' || (list.status === 'success' && !rows.length && !q.filter_name && q.filter_stimtype === 'ALL' && !q.filter_media_id))) return null;

  const askDelete = () => {
    setMessage(null);
    if (!selected.length) setMessage({ kind: 'error', text: 'Please select stims to delete.' });
    else setConfirming(true);
  };
  const doDelete = () => {
    setConfirming(false);
    remove.run(selected.map(Number));
  };

  return (
    <Wrap part="stim-library">
      <Toolbar part="toolbar">
        <SearchBox value={q.filter_name} placeholder="Search stims..." onSearch={(text) => change({ type: 'search', text })} />
        <Button $variant="secondary" part="filter-toggle" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((o) => !o)}>
          Filters
        </Button>
        <Spacer />
        <Button $variant="danger" part="delete" onClick={askDelete} disabled={remove.pending}>Delete</Button>
        {inStudy ? null : <ButtonLink part="upload" href="/stims/upload-stim" role="button">Upload Stim</ButtonLink>}
      </Toolbar>
      {filtersOpen ? (
        <Filters part="filters" id={filtersId} aria-label="Filters">
          <label>
            Type
            <select value={q.filter_stimtype} onChange={(e) => change({ type: 'filters', filters: { filter_stimtype: e.target.value } })}>
              {TYPES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </label>
          <label>
            Media
            <select value={q.filter_media_id} onChange={(e) => change({ type: 'filters', filters: { filter_media_id: Number(e.target.value) } })}>
              <option value={0}>All</option>
              {mediaOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
          </label>
        </Filters>
      ) : null}
      {arrived ? <Toast inline text={arrived} kind="success" duration={null} dismissText="OK" onClose={() => setArrived(null)} /> : null}
      {message ? (message.kind === 'error' ? <ErrorText role="alert">{message.text}</ErrorText> : <SuccessText role="status">{message.text}</SuccessText>) : null}
      {list.status === 'error' ? <ErrorText>{list.error}</ErrorText> : null}
      <DataTable
        caption={inStudy ? 'Study specific stims' : 'Stims'}
        columns={cols}
        rows={rows}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        sort={{ key: sortKey, direction: dir === 'desc' ? 'desc' : 'asc' }}
        onSortChange={(s) => change({ type: 'sort', orderBy: `${s.key}_${s.direction}` })}
        loading={list.loading}
        empty={list.data ? 'No stims found' : 'Loading…'}
        selected={selected}
        onSelectionChange={setSelected}
        paging={{
          page: q.page_num, totalPages, onPageChange: (page) => change({ type: 'page', page }),
          pageSize: q.results_per_page, onPageSizeChange: (size) => change({ type: 'pageSize', size }),
          pageSizes: [10, 25, 50, 100],
        }}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete stims"
        message="Are you sure you want to delete the selected stims?"
        confirmLabel="Delete"
        danger
        onConfirm={doDelete}
        onCancel={() => setConfirming(false)}
      />
    </Wrap>
  );
}
