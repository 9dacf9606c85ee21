import styled from 'styled-components';
import { useApi, useResource } from '../../core/resource/hooks';
import { batchFeatures } from '../../core/batches/batches';
import { BatchExplorer, BatchNoData, BatchReportStim } from '../../features/batch-report-stim';
import { BATCH_FILES, downloadBatch, saveRows } from '../../core/batches/download';
import { batchReportPath, formatMetric } from '../../core/batches/format';
import type { BatchRef } from '../../core/api/batches';
import { ErrorText, Heading, Link, Menu, Spinner, tokens } from '../../ui';

const Wrap = styled.section`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its box instead of widening the element. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  h1 { margin: 0; }
  .gz-sub { color: ${tokens.muted}; margin: 0; }
`;
const Head = styled.div`
  display: flex;
  gap: 12px;
  justify-content: space-between;
  align-items: flex-start;
  flex-wrap: wrap;
`;
const Cards = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
`;
const Mini = styled.div`
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLg};
  padding: 16px;
  h2 { font-size: 0.95em; margin: 0 0 8px; color: ${tokens.muted}; font-weight: 600; }
  p { font-size: 1.8em; margin: 0; font-weight: 700; }
`;
const Metrics = styled.div`
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid ${tokens.border}; }
  td:not(:first-child), th:not(:first-child) { text-align: right; }
`;

export function BatchFeatureReport({ batchId, vendorId, stimId }: { batchId?: string; vendorId?: string; stimId?: number }) {
  return <BatchReportStim batchId={batchId} vendorId={vendorId} stimId={stimId}>{(ref, id) => <FeatureReport batchRef={ref} stimId={id} />}</BatchReportStim>;
}

function FeatureReport({ batchRef: ref, stimId }: { batchRef: BatchRef; stimId: number }) {
  const api = useApi();
  const report = useResource(batchFeatures, { ...ref, internal_stim_id: stimId }, { enabled: Boolean(ref.internal_batch_id && ref.internal_vendor_id) });
  // The page keeps its title (its one h1, issue 38) above the error.
  if (report.status === 'error') return <><Heading part="title">Feature Report</Heading><ErrorText>Somethign went wrong</ErrorText></>;
  const item = report.data?.data[0];
  if (!item) return <Spinner />;
  const step = { internal_stim_id: item.internal_stim_id, internal_step_id: item.internal_step_id };
  const rows = item.feature_data;
  return (
    <Wrap part="batch-feature-report">
      <Head>
        <div>
          <Heading part="title">Feature Report</Heading>
          <p className="gz-sub" part="stim">{item.stim_name} · {item.stim_type} · {item.identifier}</p>
          <p className="gz-sub"><Link part="other-report" href={batchReportPath(ref, item.internal_stim_id, 'kpi')}>KPI Report (attention curve, heatmaps)</Link></p>
        </div>
        <Menu
          part="downloads" label="Download" buttonLabel="Download report data" align="end"
          items={[
            { id: 'feature', label: 'Download Feature Report', onSelect: () => void downloadBatch(api, 'feature', ref, step) },
            { id: 'participant', label: 'Download Participant Data', onSelect: () => void downloadBatch(api, 'participant', ref, step) },
            {
              id: 'table', label: 'Download Key Feature Metrics',
              onSelect: () => saveRows(rows, ['feature_name', 'avg_feature_dwell_time', 'avg_page_dwell_time', 'participant_viewed_percent'], BATCH_FILES.keyFeatures),
            },
          ]}
        />
      </Head>
      {item.stim_data.base_size === 0 ? <BatchNoData /> : (<>
      <Cards>
        <Mini part="mini-card"><h2>Percent Viewed (%)</h2><p>{formatMetric(item.stim_data.panelist_viewed_percent, 'percent')}</p></Mini>
        <Mini part="mini-card"><h2>Average Dwell Time (s)</h2><p>{formatMetric(item.stim_data.avg_stim_dwell_time, 'time')}</p></Mini>
      </Cards>
      <Metrics part="feature-table">
        <h2 id="kfm">Key Feature Metrics</h2>
        <table aria-labelledby="kfm">
          <thead>
            <tr><th scope="col">Feature</th><th scope="col">Average feature dwell</th><th scope="col">Average page dwell</th><th scope="col">Percent panelist viewed</th></tr>
          </thead>
          <tbody>
            {rows.length ? rows.map((f) => (
              <tr key={f.feature_name}>
                <th scope="row">{f.feature_name}</th>
                <td>{formatMetric(f.avg_feature_dwell_time, 'time')}</td>
                <td>{formatMetric(f.avg_page_dwell_time, 'time')}</td>
                <td>{formatMetric(f.participant_viewed_percent, 'percent')}</td>
              </tr>
            )) : <tr><td colSpan={4}>No data</td></tr>}
          </tbody>
        </table>
      </Metrics>
      {/* The AOIs of the table over the creative, with their metrics on hover (issue 37). */}
      <BatchExplorer batchRef={ref} stimId={item.internal_stim_id} name={item.stim_name} />
      </>)}
    </Wrap>
  );
}
