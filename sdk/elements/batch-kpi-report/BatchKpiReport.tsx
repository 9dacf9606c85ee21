import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { HighchartsReact } from 'highcharts-react-official';
import { useApi, useResource } from '../../core/resource/hooks';
import { batchGraph, batchReport, batchVisual } from '../../core/batches/batches';
import { BatchExplorer, BatchNoData, BatchReportStim } from '../../features/batch-report-stim';
import { downloadBatch, downloadKpiTable } from '../../core/batches/download';
import { batchReportPath, curveSeconds, formatMetric, KPI_ROWS } from '../../core/batches/format';
import type { BatchRef, BatchVisual } from '../../core/api/batches';
import { ErrorText, Heading, Link, Menu, Select, Spinner, tokens } from '../../ui';
import { baseOptions, ChartFrame, Highcharts } from '../../ui/charts';

const Wrap = styled.section`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its box instead of widening the element. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  h1 { margin: 0; }
  h2 { margin: 0 0 8px; font-size: 1.15em; }
  .gz-sub { color: ${tokens.muted}; margin: 0; }
`;
const Head = styled.div`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  justify-content: space-between;
  flex-wrap: wrap;
`;
const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
`;
const Kpi = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid ${tokens.border}; }
  td:not(:first-child), th:not(:first-child) { text-align: right; }
`;
const Panel = styled.section`
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLg};
  padding: 16px;
  min-width: 0;
`;
const Visual = styled.div`
  display: grid;
  gap: 8px;
  img, video { max-width: 100%; height: auto; display: block; border: 1px solid ${tokens.border}; }
`;

/**
 * The visuals offered, in order; View Order only when the server has one (D3-147). A stim without a
 * file of its own (a script or tag stim) has no Original: the option stays, disabled, so the list
 * reads as the spec's, and the report opens on the first visual that exists (issue 38).
 */
export function visualOptions(v: BatchVisual | undefined): { value: string; label: string; disabled?: boolean }[] {
  if (!v) return [];
  return [
    { value: 'original', label: 'Original', ...(v.stim_source_url ? {} : { disabled: true }) },
    { value: 'heatmap', label: 'Heatmap' },
    ...(v.view_order_urls ? [{ value: 'vieworder', label: 'View Order' }] : []),
    { value: 'analysis', label: 'Stim Analysis' },
    { value: 'featureanalysis', label: 'Feature Analysis' },
  ];
}

function visualUrl(v: BatchVisual, which: string): string | null {
  switch (which) {
    case 'heatmap': return v.heatmap_urls.url;
    case 'vieworder': return v.view_order_urls?.url ?? null;
    case 'analysis': return v.analysis_urls.url;
    case 'featureanalysis': return v.feature_analysis_urls.url;
    default: return v.stim_source_url;
  }
}

/** The visual a report opens on: Original when the stim has a creative, else the first one available. */
export function defaultVisual(v: BatchVisual | undefined): string {
  if (!v) return 'original';
  return visualOptions(v).find((o) => !o.disabled && visualUrl(v, o.value))?.value ?? 'original';
}

export const VISUAL_TIMEOUT_MS = 3000;

/** The chosen visual: a spinner until it loads, an error after 3 s or on failure (spec D3 §4). */
function VisualView({ v, which }: { v: BatchVisual; which: string }) {
  const url = visualUrl(v, which);
  const [state, setState] = useState<'loading' | 'ok' | 'error'>('loading');
  useEffect(() => {
    setState('loading');
    const t = setTimeout(() => setState((s) => (s === 'loading' ? 'error' : s)), VISUAL_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [url]);
  if (!url) return <ErrorText>This visual is not available</ErrorText>;
  const video = which === 'original' && v.stim_type === 'video';
  return (
    <Visual part="visual">
      {state === 'loading' ? <Spinner /> : null}
      {state === 'error' ? <ErrorText>Error loading the visual</ErrorText> : null}
      {video
        ? <video key={url} src={url} controls onLoadedData={() => setState('ok')} onError={() => setState('error')} aria-label={v.stim_name} />
        : <img key={url} src={url} alt={`${v.stim_name}: ${which}`} hidden={state === 'error'} onLoad={() => setState('ok')} onError={() => setState('error')} />}
    </Visual>
  );
}

function AttentionCurve({ points }: { points: { x: number; y: number }[] }) {
  const options = useMemo<Highcharts.Options>(() => {
    const base = baseOptions({ title: 'Attention Curve', description: 'Percent of people still viewing the stim by stim dwell time in seconds' });
    return {
      ...base,
      chart: { ...base.chart, type: 'area', height: 330 },
      xAxis: { title: { text: 'Stim dwell time (seconds)' } },
      yAxis: { title: { text: '% of people viewing stim' }, max: 100, min: 0 },
      legend: { enabled: false },
      tooltip: {
        useHTML: false,
        formatter(this: { x?: number | string; y?: number | null }) {
          return `${Number(this.y ?? 0).toFixed(1)}% still viewing<br/>${this.x} seconds dwell time`;
        },
      },
      plotOptions: { series: { animation: false }, area: { fillOpacity: 0.35 } },
      series: [{ type: 'area', name: '% still viewing', data: points.map((p) => [curveSeconds(p.x), Math.round(p.y * 10) / 10]) }],
    } as Highcharts.Options;
  }, [points]);
  return (
    <ChartFrame part="attention-curve" title="Attention Curve">
      <HighchartsReact highcharts={Highcharts} options={options} containerProps={{ className: 'highcharts-light' }} />
    </ChartFrame>
  );
}

export function BatchKpiReport({ batchId, vendorId, stimId }: { batchId?: string; vendorId?: string; stimId?: number }) {
  return <BatchReportStim batchId={batchId} vendorId={vendorId} stimId={stimId}>{(ref, id) => <KpiReport batchRef={ref} stimId={id} />}</BatchReportStim>;
}

function KpiReport({ batchRef: ref, stimId }: { batchRef: BatchRef; stimId: number }) {
  const api = useApi();
  const params = { ...ref, internal_stim_id: stimId };
  const enabled = Boolean(ref.internal_batch_id && ref.internal_vendor_id);
  const report = useResource(batchReport, params, { enabled });
  const graph = useResource(batchGraph, params, { enabled });
  const visual = useResource(batchVisual, params, { enabled });
  // Null until the user picks one: then the default follows the stim's visuals as they arrive.
  const [picked, setWhich] = useState<string | null>(null);

  // The page keeps its title (its one h1, issue 38) above the error.
  if (report.status === 'error') return <><Heading part="title">KPI Report</Heading><ErrorText>Somethign went wrong</ErrorText></>;
  const item = report.data?.data[0];
  if (!item) return <Spinner />;
  const v = visual.data?.data[0];
  const which = picked ?? defaultVisual(v);
  const points = graph.data?.data[0]?.survival_data ?? [];
  const hasCurve = points.some((p) => p.y > 0);
  const step = { internal_stim_id: item.internal_stim_id, internal_step_id: item.internal_step_id };

  return (
    <Wrap part="batch-kpi-report">
      <Head>
        <div>
          <Heading part="title">KPI Report</Heading>
          <p className="gz-sub" part="stim">{item.stim_name} · {item.stim_type}</p>
          {/* Both reports of a stim link to each other: View Report opens only one of them (D3-137). */}
          <p className="gz-sub"><Link part="other-report" href={batchReportPath(ref, item.internal_stim_id, 'stim_report')}>Feature Report</Link></p>
        </div>
        <Menu
          part="downloads" label="Download" buttonLabel="Download report data" align="end"
          items={[
            { id: 'stim', label: 'Download Stim Data', onSelect: () => void downloadBatch(api, 'stim', ref, step) },
            { id: 'participant', label: 'Download Participant Data', onSelect: () => void downloadBatch(api, 'participant', ref, step) },
            { id: 'kpi', label: 'Download KPI Table', onSelect: () => void downloadKpiTable(api, ref, item.internal_stim_id) },
          ]}
        />
      </Head>
      {item.stim_data.base_size === 0 ? <BatchNoData /> : (
      <Grid>
        <Panel part="kpi-table">
          <h2 id="kam">Key Attention Metrics</h2>
          <Kpi aria-labelledby="kam">
            <thead><tr><th scope="col">Metric</th><th scope="col">Actual</th><th scope="col">Norms</th></tr></thead>
            <tbody>
              {KPI_ROWS.map((r) => (
                <tr key={r.metric}>
                  <th scope="row">{r.label}</th>
                  <td>{formatMetric(item.stim_data[r.metric as keyof typeof item.stim_data] as number | null, r.kind)}</td>
                  <td>{formatMetric(item.norm_data[r.metric as keyof typeof item.norm_data] as number | null, r.kind)}</td>
                </tr>
              ))}
            </tbody>
          </Kpi>
        </Panel>
        {hasCurve ? <AttentionCurve points={points} /> : null}
      </Grid>
      )}
      <Panel part="visuals">
        <h2>Attention Visuals</h2>
        {v ? (
          <>
            <Select label="Visual" value={which} options={visualOptions(v)} onChange={setWhich} />
            <VisualView v={v} which={which} />
          </>
        ) : visual.status === 'error' ? <ErrorText>{visual.error}</ErrorText> : <Spinner />}
      </Panel>
      {item.stim_data.base_size === 0 ? null : <BatchExplorer batchRef={ref} stimId={item.internal_stim_id} name={item.stim_name} fallbackSrc={v?.stim_source_url} />}
    </Wrap>
  );
}
