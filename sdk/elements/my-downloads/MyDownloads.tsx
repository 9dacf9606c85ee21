// My Downloads (issue 19): every file the user downloaded or exported, newest first, paged, with
// status (an export's progress while it runs), size and a signed link once a stored file is ready.
// While an export is queued or running the list refreshes itself.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { downloadList } from '../../core/my-reports/my-reports';
import type { DownloadView } from '../../core/api/my-reports';
import { DataTable, ErrorText, formatBytes, formatDateTime, tokens, VisuallyHidden, type DataColumn } from '../../ui';

export const DOWNLOAD_PAGE_SIZES = [10, 25, 50] as const;
/** How often a list with an unfinished export asks again. */
export const EXPORT_POLL_MS = 2000;
const KIND_LABELS: Record<string, string> = { csv: 'CSV', visual: 'Visual', export: 'Export' };

const Wrap = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space3};
  h1 { margin: 0; font-size: 1.4rem; }
  .status-failed { color: ${tokens.danger}; }
  progress { width: 80px; vertical-align: middle; margin-right: ${tokens.space1}; }
`;

function Status({ d }: { d: DownloadView }) {
  if (d.status === 'done') return <span>Ready</span>;
  if (d.status === 'failed') return <span className="status-failed">Failed{d.error ? `: ${d.error}` : ''}</span>;
  return (
    <span>
      <progress max={100} value={d.progress} aria-label={`${d.name}: ${d.progress}%`} />
      {d.status === 'queued' ? 'Queued' : `${d.progress}%`}
    </span>
  );
}

const columns: DataColumn<DownloadView>[] = [
  { key: 'name', header: 'Name', render: (d) => d.name, minWidth: 180 },
  { key: 'study', header: 'Study', render: (d) => d.study_name ?? '—', priority: 2 },
  { key: 'kind', header: 'Kind', render: (d) => KIND_LABELS[d.kind] ?? d.kind, priority: 3, minWidth: 80 },
  { key: 'size', header: 'Size', render: (d) => (d.size === null ? '—' : formatBytes(d.size)), align: 'end', priority: 2, minWidth: 80 },
  { key: 'status', header: 'Status', render: (d) => <Status d={d} />, minWidth: 130 },
  { key: 'date', header: 'Date', render: (d) => formatDateTime(d.created_at), priority: 2, minWidth: 160 },
  {
    key: 'link', header: 'Link', minWidth: 90,
    render: (d) => (d.url ? <a href={d.url} download={d.name} part="link">Download<VisuallyHidden> {d.name}</VisuallyHidden></a>
      : d.kind === 'export' ? '—' : <span title="Saved in your browser when you downloaded it">In your browser</span>),
  },
];

export function MyDownloads() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DOWNLOAD_PAGE_SIZES[0]);
  const list = useResource(downloadList, { page, size }, { keepPrevious: true });
  const rows = list.data?.data ?? [];
  const unfinished = rows.some((d) => d.status === 'queued' || d.status === 'running');
  const { refetch } = list;
  useEffect(() => {
    if (!unfinished) return;
    const t = setInterval(() => refetch(), EXPORT_POLL_MS);
    return () => clearInterval(t);
  }, [unfinished, refetch]);

  return (
    <Wrap part="my-downloads">
      <h1>My Downloads</h1>
      {list.error && !list.data ? <ErrorText>{list.error}</ErrorText> : (
        <DataTable
          caption="My downloads"
          columns={columns}
          rows={rows}
          rowKey={(d) => d.id}
          loading={list.loading && !list.data}
          empty="You have not downloaded anything yet. Files you download from reports are listed here."
          paging={list.data ? {
            page, totalPages: list.data.total_pages, onPageChange: setPage, pageSize: size, pageSizes: DOWNLOAD_PAGE_SIZES,
            onPageSizeChange: (s) => { setSize(s); setPage(1); }, summary: `${list.data.total} downloads`,
          } : undefined}
        />
      )}
    </Wrap>
  );
}
