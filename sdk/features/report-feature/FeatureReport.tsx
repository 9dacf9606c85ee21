import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, CheckboxGroup, ErrorText, Link, Select, Spinner, tokens } from '../../ui';
import { replayPath } from '../../core/replay/replay';
import { useResource } from '../../core/resource/hooks';
import { featureAnalysis, type ReportFilters } from '../../core/reports/reports';
import { parseStimKey, type StimKey } from '../../core/reports/keys';
import { visualFileName } from '../../core/download/download';
import type { FeatureAnalysisResponse } from '../../core/api/reports';
import { GazeExplorer } from '../report-gaze-explorer';
import { DownloadMenu, formatNumber, formatPercent, formatSeconds, imageClass, isBillboard, ReportImage, StimPage, StimPages, TableBox, useReportFilters } from '../report-common';
import { ScanpathChart } from './ScanpathChart';
import { ViewOrderList } from './ViewOrderList';

const Page = styled(StimPage)`
  h3 { font-size: 1.05em; margin: 0 0 ${tokens.space2}; }
  [part='scanpath'] { margin-top: ${tokens.space3}; }
  [part='typical-order'] { margin: 0 0 ${tokens.space2}; }
`;
const Cards = styled.div`
  display: grid;
  gap: ${tokens.space3};
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  div { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: ${tokens.space3}; }
  strong { display: block; font-size: 1.6em; }
  span { color: ${tokens.muted}; }
`;

export const FEATURE_VISUALS = [
  { value: 'stim_source', label: 'Stim Source' },
  { value: 'feature_analysis_source', label: 'Feature Analysis' },
  { value: 'view_order_source', label: 'View Order' },
] as const;
type FeatureVisual = (typeof FEATURE_VISUALS)[number]['value'];

export interface FeatureReportProps {
  studyId: number;
  stims: StimKey[];
  /** Starting demographic filters (the element's `filters` attribute); the filter dialog changes them. */
  filters?: ReportFilters;
}

/** Feature report (spec document 3 §2.20): one page per selected stim. */
export function FeatureReport({ stims, filters: given }: FeatureReportProps) {
  const { filters, bar } = useReportFilters(given);
  return <StimPages part="feature-report">{bar}{stims.map((k) => <FeatureStim key={k} stim={k} filters={filters} />)}</StimPages>;
}

function FeatureStim({ stim, filters }: { stim: StimKey; filters: ReportFilters }) {
  const r = useResource(featureAnalysis, { stim, filters }, { keepPrevious: true });
  if (r.error && !r.data) return <Page part="feature-stim"><ErrorText>{r.error}</ErrorText></Page>;
  if (!r.data) return <Page part="feature-stim" aria-busy="true"><Spinner $size={32} /></Page>;
  return <FeatureStimPage stim={stim} data={r.data} filters={filters} />;
}

type AoiMetricName = keyof NonNullable<FeatureAnalysisResponse['feature_data'][number]['aoi_metrics']>;

const twoDecimalSeconds = (v: number | null | undefined) => (v === null || v === undefined ? formatSeconds(v) : `${formatNumber(v, 2)}s`);

/** The AOI metrics (issue 23) a user may add after the spec's columns, in this order. */
export const AOI_COLUMNS: { key: AoiMetricName; label: string; format: (v: number | null | undefined) => string }[] = [
  { key: 'time_to_first_fixation', label: 'Time to first fixation (from stim onset)', format: twoDecimalSeconds },
  { key: 'time_to_first_fixation_viewable', label: 'Time to first fixation (from first viewable moment)', format: twoDecimalSeconds },
  { key: 'avg_fixation_count', label: 'Fixations per viewer', format: (v) => formatNumber(v, 1) },
  { key: 'avg_fixation_duration', label: 'Average fixation duration', format: twoDecimalSeconds },
  { key: 'avg_revisits', label: 'Revisits per viewer', format: (v) => formatNumber(v, 1) },
  { key: 'first_fixated_percent', label: 'Percent fixated first', format: formatPercent },
];

const COLUMNS_KEY = 'gaze.feature-report.columns';

/** The chosen optional columns, remembered on this browser (a choice of view, not data). */
function useChosenColumns(): [AoiMetricName[], (v: AoiMetricName[]) => void] {
  const [chosen, setChosen] = useState<AoiMetricName[]>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? '[]') as unknown;
      return Array.isArray(saved) ? AOI_COLUMNS.map((c) => c.key).filter((k) => saved.includes(k)) : [];
    } catch {
      return [];
    }
  });
  const set = (v: AoiMetricName[]) => {
    setChosen(v);
    try { localStorage.setItem(COLUMNS_KEY, JSON.stringify(v)); } catch { /* storage off: this page only */ }
  };
  return [chosen, set];
}

const Picker = styled.div`
  display: flex; flex-direction: column; align-items: flex-start; gap: ${tokens.space2}; margin-bottom: ${tokens.space2};
  small[part='norm'] { color: ${tokens.muted}; }
`;

export function FeatureTable({ data }: { data: FeatureAnalysisResponse }) {
  const [chosen, setChosen] = useChosenColumns();
  const [open, setOpen] = useState(false);
  const pickerId = useId();
  const columns = AOI_COLUMNS.filter((c) => chosen.includes(c.key));
  const hasAoi = data.feature_data.some((f) => f.aoi_metrics);
  return (
    <TableBox part="feature-table">
      <h3>Feature attention metrics</h3>
      {data.feature_data.length && hasAoi ? (
        <Picker>
          <Button type="button" $variant="secondary" part="column-picker-toggle" aria-expanded={open} aria-controls={pickerId} onClick={() => setOpen(!open)}>
            {open ? 'Hide column choice' : `More columns${chosen.length ? ` (${chosen.length})` : ''}`}
          </Button>
          {open ? (
            <div id={pickerId} part="column-picker">
              <CheckboxGroup
                legend="AOI metric columns"
                hint="Added after the standard columns; the grey line under a value is its norm (comparison stims with the same feature tag)."
                options={AOI_COLUMNS.map((c) => ({ value: c.key, label: c.label }))}
                value={chosen}
                onChange={(v) => setChosen(v as AoiMetricName[])}
              />
            </div>
          ) : null}
        </Picker>
      ) : null}
      {data.feature_data.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Feature</th><th scope="col">Average feature dwell</th><th scope="col">Percent panelist viewed</th>
              {columns.map((c) => <th scope="col" key={c.key} data-column={c.key}>{c.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {data.feature_data.map((f) => (
              <tr key={f.feature_name}>
                <th scope="row">{f.feature_name}</th>
                <td>{formatSeconds(f.avg_feature_dwell_time)}</td>
                <td>{formatPercent(f.panelist_viewed_percent)}</td>
                {columns.map((c) => {
                  const norm = f.aoi_norm && f.aoi_norm.norm_size > 0 ? f.aoi_norm[c.key] : null;
                  return (
                    <td key={c.key} data-column={c.key}>
                      {c.format(f.aoi_metrics?.[c.key])}
                      {norm !== null && norm !== undefined ? <small part="uncertainty" data-norm="">Norm {c.format(norm)}</small> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p part="no-data">No data</p>}
    </TableBox>
  );
}

function FeatureStimPage({ stim, data, filters }: { stim: StimKey; data: FeatureAnalysisResponse; filters: ReportFilters }) {
  const [visual, setVisual] = useState<FeatureVisual>('stim_source');
  const video = data.stim_type === 'video';
  const shown = video ? FEATURE_VISUALS[0] : FEATURE_VISUALS.find((v) => v.value === visual)!;
  return (
    <Page part="feature-stim" data-layout={isBillboard(data.stim_width, data.stim_height) ? 'single' : 'grid'} aria-label={data.stim_label ?? data.stim_name}>
      <header>
        <h2 part="stim-heading">{data.stim_label ?? data.stim_name}</h2>
        <DownloadMenu stim={stim} filters={filters} items={[{ kind: 'feature-data', label: 'Download Feature Report' }, { kind: 'participant-data', label: 'Download Participant Data' }]} />
        <Link href={replayPath(stim, undefined, filters)} part="replay-link">Watch a gaze replay</Link>
      </header>
      <Cards part="metric-cards">
        <div data-metric="avg_page_dwell_time"><strong>{formatSeconds(data.stim_data.avg_page_dwell_time)}</strong><span>Average page dwell time</span></div>
        <div data-metric="panelist_viewed_percent"><strong>{formatPercent(data.stim_data.panelist_viewed_percent)}</strong><span>Panelist stim viewed percent</span></div>
        <div data-metric="avg_stim_dwell_time"><strong>{formatSeconds(data.stim_data.avg_stim_dwell_time)}</strong><span>Average stim dwell time</span></div>
      </Cards>
      <div className="columns">
        <section aria-label="Visuals">
          {video ? (
            // A video: the player itself with the attention of its current second over it (issue 37).
            <figure part="feature-visual" data-kind="explorer">
              <GazeExplorer stim={stim} filters={filters} name={data.stim_label ?? data.stim_name} fallbackSrc={data.stim_source} />
            </figure>
          ) : (
            <>
              <div style={{ maxWidth: 240, marginBottom: 8 }}>
                <Select label="Visual" value={visual} onChange={(v) => setVisual(v as FeatureVisual)} options={FEATURE_VISUALS.map((f) => ({ ...f }))} />
              </div>
              <figure data-image-class={imageClass(data.stim_width, data.stim_height)} part="feature-visual">
                <ReportImage
                  src={data[shown.value]}
                  alt={`${shown.label} of ${data.stim_label ?? data.stim_name}`}
                  download={{ fileName: visualFileName(shown.label, data.stim_label ?? data.stim_name), studyId: parseStimKey(stim)?.studyId }}
                />
              </figure>
            </>
          )}
          {data.feature_data.length ? <ViewOrderList viewOrder={data.view_order} /> : null}
          {data.feature_data.length && data.scanpath ? <ScanpathChart scanpath={data.scanpath} /> : null}
        </section>
        <FeatureTable data={data} />
      </div>
      {video ? null : (
        <section part="explorer-section" aria-label="Explore attention">
          <h3>Explore attention</h3>
          <GazeExplorer stim={stim} filters={filters} name={data.stim_label ?? data.stim_name} fallbackSrc={data.stim_source} />
        </section>
      )}
    </Page>
  );
}
