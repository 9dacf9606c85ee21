import { useState } from 'react';
import styled from 'styled-components';
import { useApi, useResource } from '../../core/resource/hooks';
import { batchStims } from '../../core/batches/batches';
import { downloadBatch, type BatchDownload } from '../../core/batches/download';
import { batchReportPath } from '../../core/batches/format';
import type { BatchRef, BatchStim } from '../../core/api/batches';
import { Button, ButtonLink, Heading, Link, Menu, Spinner, DataTable, tokens, useNavigate, VisuallyHidden, type DataColumn } from '../../ui';

const Wrap = styled.section`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its box instead of widening the element. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  a { color: ${tokens.primaryStrong}; }
  .gz-scroll { overflow-x: auto; }
  .gz-thumb { display: block; width: 120px; height: 80px; }
  .gz-thumb img, .gz-thumb video { width: 120px; height: 80px; object-fit: contain; background: #f3f5f7; border: 1px solid ${tokens.border}; }
  .gz-row-actions { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
`;
const Head = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  h1 { margin: 0; }
  div { display: flex; gap: 8px; flex-wrap: wrap; }
`;
const ErrorPanel = styled.section`
  border: 1px solid #b3261e;
  border-radius: ${tokens.radiusLg};
  padding: 16px;
  h2 { color: #b3261e; margin: 0 0 4px; }
`;

/** Shown when a creative cannot be loaded (no source, a script, a broken file). */
export const FALLBACK_THUMB = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80"><rect width="120" height="80" fill="#eef1f4"/><text x="60" y="45" font-family="Arial" font-size="12" text-anchor="middle" fill="#5b6770">No preview</text></svg>',
)}`;

/** A video for an mp4 or a video stim, an image otherwise; either falls back to a placeholder (D3-135). */
export function Thumbnail({ stim }: { stim: Pick<BatchStim, 'source' | 'source_low_quality' | 'type' | 'name'> }) {
  // 0: the creative; 1: a video that failed, shown as an image of its source (a poster frame); 2: the placeholder.
  const [failed, setFailed] = useState(0);
  const src = stim.source;
  const video = stim.type === 'video' || /\.mp4(\?|$)/i.test(src ?? '');
  const media = !src || failed === 2 || (failed === 1 && !video)
    ? <img src={FALLBACK_THUMB} alt={`${stim.name} (no preview)`} />
    : video && failed === 0
      ? <video src={src} muted playsInline preload="metadata" aria-label={stim.name} onError={() => setFailed(1)} />
      : <img src={stim.source_low_quality ?? src} alt={stim.name} loading="lazy" onError={() => setFailed(2)} />;
  return src ? <a className="gz-thumb" part="thumbnail" href={src} target="_blank" rel="noopener noreferrer" title="Open in a new tab">{media}</a> : <span className="gz-thumb" part="thumbnail">{media}</span>;
}

/** Where 'View Report' goes: the feature report when the stim has feature data, else the KPI report (D3-137, D3-138). */
export function reportPath(ref: BatchRef, stim: Pick<BatchStim, 'feature_data' | 'internal_stim_id'>): string {
  return batchReportPath(ref, stim.internal_stim_id, stim.feature_data.length ? 'stim_report' : 'kpi');
}

const DOWNLOADS: { id: BatchDownload; label: string }[] = [
  { id: 'participant', label: 'Download Participant Data' },
  { id: 'feature', label: 'Download Feature Data' },
  { id: 'stim', label: 'Download Stim Data' },
];

export function BatchOverview({ batchId, vendorId }: { batchId?: string; vendorId?: string }) {
  const ref: BatchRef = { internal_batch_id: String(batchId ?? ''), internal_vendor_id: String(vendorId ?? '') };
  const api = useApi();
  const navigate = useNavigate();
  const stims = useResource(batchStims, ref, { enabled: Boolean(batchId && vendorId) });
  const data = stims.data;

  if (!data && stims.status !== 'error') return <Spinner />;
  const rows = data?.data ?? [];
  const title = `${data?.batch_id ?? ref.internal_batch_id} Overview`;

  const columns: DataColumn<BatchStim>[] = [
    { key: 'thumb', header: <VisuallyHidden>Preview</VisuallyHidden>, render: (s) => <Thumbnail stim={s} /> },
    { key: 'name', header: 'Name', render: (s) => s.name },
    { key: 'identifier', header: 'Item identifier', render: (s) => s.identifier },
    { key: 'type', header: 'Type', render: (s) => s.type || 'Unknown' },
    {
      key: 'actions', header: 'Actions',
      render: (s) => (
        <div className="gz-row-actions">
          <Link href={`/batch_stim_list/aoi/${s.internal_stim_id}?type=batch`}>Edit AOIs</Link>
          <Menu
            part="stim-downloads"
            label="Download"
            buttonLabel={`Download data of ${s.name}`}
            items={DOWNLOADS.map((d) => ({
              id: d.id, label: d.label,
              onSelect: () => void downloadBatch(api, d.id, ref, { internal_stim_id: s.internal_stim_id, internal_step_id: s.internal_step_id }),
            }))}
          />
          <Button part="view-report" onClick={() => navigate(reportPath(ref, s))}>View Report</Button>
        </div>
      ),
    },
  ];

  return (
    <Wrap part="batch-overview">
      <Head>
        <Heading part="title">{title}</Heading>
        <div>
          <ButtonLink part="view-all" href="/batch_stim_list" role="button">View All stims</ButtonLink>
          <Menu
            part="downloads"
            label="Download"
            buttonLabel="Download batch data"
            align="end"
            items={DOWNLOADS.filter((d) => d.id !== 'stim').map((d) => ({ id: d.id, label: d.label, onSelect: () => void downloadBatch(api, d.id, ref) }))}
          />
        </div>
      </Head>
      {stims.status === 'error' || !rows.length ? (
        <ErrorPanel part="error-panel" role="alert">
          <h2>Error!</h2>
          <p>{stims.status === 'error' ? stims.error : 'This batch has no stims yet.'}</p>
        </ErrorPanel>
      ) : (
        <section aria-labelledby="your-stims">
          <h2 id="your-stims">Your stims</h2>
          <div className="gz-scroll">
            <DataTable
          caption="Your stims" columns={columns} rows={rows} rowKey={(s) => s.internal_stim_id} />
          </div>
        </section>
      )}
    </Wrap>
  );
}
