import { useState } from 'react';
import styled from 'styled-components';
import { ErrorText, Link, Select, Spinner, tokens } from '../../ui';
import { replayPath } from '../../core/replay/replay';
import { useResource } from '../../core/resource/hooks';
import { kpiAnalysis, NORM_TYPES, stimGraph, type GraphTypeId, type NormTypeId, type ReportFilters } from '../../core/reports/reports';
import { parseStimKey, type StimKey } from '../../core/reports/keys';
import { visualFileName } from '../../core/download/download';
import type { KpiResponse } from '../../core/api/reports';
import {
  capitalise, compareToNorm, normTone, DownloadMenu, formatMetric, formatPercent, formatSeconds, FUNNEL, FUNNEL_NOTE, GraphTypeSelect, imageClass,
  isBillboard, ReportImage, ReportSection, SURVIVAL_EXAMPLE_IMAGE, StimPage, StimPages, SurvivalChart, TableBox,
  baseText, KmSwitch, uncertaintyText, normUncertaintyText, useReportFilters,
} from '../report-common';
import { GazeExplorer } from '../report-gaze-explorer';

const Page = styled(StimPage)`
  figcaption { color: ${tokens.muted}; margin-top: ${tokens.space2}; }
  figure[data-image-class='tall'] img { max-height: 600px; }
  .note { color: ${tokens.muted}; margin: ${tokens.space2} 0 0; }
  small[part='uncertainty'] { display: block; color: ${tokens.muted}; font-weight: normal; font-size: 0.8em; }
  tfoot th, tfoot td { color: ${tokens.muted}; font-size: 0.85em; }
`;
const Cards = styled.div`
  display: grid;
  gap: ${tokens.space3};
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  div[part='metric-card'] { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: ${tokens.space3}; }
  strong { display: block; font-size: 1.6em; }
  [data-relation='above'] strong { color: ${tokens.success}; }
  [data-relation='below'] strong { color: ${tokens.danger}; }
  span { color: ${tokens.muted}; }
  small { display: block; color: ${tokens.muted}; font-size: 0.8em; }
`;

const NORM_IDS: NormTypeId[] = [1, 2, 3, 4];

export const KPI_VISUALS = [
  { value: 'heatmap_source', label: 'Heatmap', caption: 'Here is the visual representation of the data' },
  { value: 'stim_source', label: 'Stim Source', caption: 'Here is your stim' },
  { value: 'analysis_source', label: 'Stim Analysis', caption: 'Here is the visual representation of the stim analysis' },
] as const;
type KpiVisual = (typeof KPI_VISUALS)[number]['value'];

export interface KpiReportProps {
  studyId: number;
  stims: StimKey[];
  /** Starting demographic filters (the element's `filters` attribute); the filter dialog changes them. */
  filters?: ReportFilters;
}

/** KPI report (spec document 3 §2.19): one page per selected stim against the chosen norm. */
export function KpiReport({ stims, filters: given }: KpiReportProps) {
  const [normType, setNormType] = useState<NormTypeId>(1);
  const { filters, bar } = useReportFilters(given);
  return (
    <StimPages part="kpi-report">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'end' }}>
        <div style={{ maxWidth: 320, flex: '1 1 220px' }}>
          <Select label="Norm" value={String(normType)} onChange={(v) => setNormType(Number(v) as NormTypeId)}
            options={NORM_IDS.map((id) => ({ value: String(id), label: NORM_TYPES[id] }))} />
        </div>
        {bar}
      </div>
      {stims.map((k) => <KpiStim key={k} stim={k} normType={normType} filters={filters} />)}
    </StimPages>
  );
}

function KpiStim({ stim, normType, filters }: { stim: StimKey; normType: NormTypeId; filters: ReportFilters }) {
  const kpi = useResource(kpiAnalysis, { stim, normType, filters }, { keepPrevious: true });
  if (kpi.error && !kpi.data) return <Page part="kpi-stim"><ErrorText>{kpi.error}</ErrorText></Page>;
  if (!kpi.data) return <Page part="kpi-stim" aria-busy="true"><Spinner $size={32} /></Page>;
  return <KpiStimPage stim={stim} data={kpi.data} normType={normType} filters={filters} />;
}

export function Funnel({ data }: { data: KpiResponse }) {
  const base = baseText(data.stim_stats);
  return (
    <TableBox part="funnel">
      <table>
        <caption style={{ position: 'absolute', left: '-9999px' }}>{`KPI funnel against the ${NORM_TYPES[data.current_norm_type]}`}</caption>
        <thead>
          <tr><th scope="col">Metric</th><th scope="col">Actual</th><th scope="col">{NORM_TYPES[data.current_norm_type]}</th></tr>
        </thead>
        <tbody>
          {FUNNEL.map((m) => {
            const note = uncertaintyText(m.name, m.kind, data.stim_stats);
            const normNote = normUncertaintyText(m.name, m.kind, data.norm_stats);
            return (
              <tr key={m.name} data-metric={m.name}>
                <th scope="row">{m.label}</th>
                {/* The five funnel rows: higher is better, green above the norm (D3-218). */}
                <td data-relation={compareToNorm(m.kind, data.stim_data[m.name], data.norm_data[m.name])} data-tone={normTone(m.name, compareToNorm(m.kind, data.stim_data[m.name], data.norm_data[m.name]))}>
                  {formatMetric(m.kind, data.stim_data[m.name])}
                  {note ? <small part="uncertainty">{note}</small> : null}
                </td>
                <td className="norm">
                  {formatMetric(m.kind, data.norm_data[m.name])}
                  {normNote ? <small part="norm-uncertainty">{normNote}</small> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
        {base ? (
          <tfoot>
            <tr part="base-row"><th scope="row">Measured base</th><td colSpan={2}>{base}</td></tr>
          </tfoot>
        ) : null}
      </table>
    </TableBox>
  );
}

/** The interval or standard error and n under a card's figure (only when the answer has stats). */
function CardNote({ text }: { text: string | null }) {
  return text ? <small part="uncertainty">{text}</small> : null;
}

function KpiStimPage({ stim, data, normType, filters }: { stim: StimKey; data: KpiResponse; normType: NormTypeId; filters: ReportFilters }) {
  const [visual, setVisual] = useState<KpiVisual>('heatmap_source');
  const [graphType, setGraphType] = useState<GraphTypeId>(1);
  const [km, setKm] = useState(false);
  const graph = useResource(stimGraph, { stim, graphType, km, filters }, { keepPrevious: true });
  const video = data.stim_type === 'video';
  const shown = video ? KPI_VISUALS[1] : KPI_VISUALS.find((v) => v.value === visual)!;
  const billboard = isBillboard(data.stim_width, data.stim_height);
  const pageDwell = compareToNorm('seconds', data.stim_data.avg_page_dwell_time, data.norm_data.avg_page_dwell_time);
  return (
    <Page part="kpi-stim" data-layout={billboard ? 'single' : 'grid'} aria-label={data.stim_label ?? data.stim_name}>
      <header>
        <h2 part="stim-heading">{data.stim_label ?? data.stim_name} {capitalise(data.stim_type)}</h2>
        <DownloadMenu stim={stim} normType={normType} filters={filters} items={[{ kind: 'stim-data', label: 'Download Stim Data' }, { kind: 'participant-data', label: 'Download Participant Data' }]} />
        <Link href={replayPath(stim, undefined, filters)} part="replay-link">Watch a gaze replay</Link>
      </header>
      <div className="columns">
        <section aria-label="Visuals">
          {video ? (
            // A video: the player itself with the attention of its current second over it (issue 37).
            <figure part="kpi-visual" data-kind="explorer">
              <GazeExplorer stim={stim} filters={filters} name={data.stim_label ?? data.stim_name} fallbackSrc={data.stim_source} />
            </figure>
          ) : (
            <>
              <div style={{ maxWidth: 240, marginBottom: 8 }}>
                <Select label="Visual" value={visual} onChange={(v) => setVisual(v as KpiVisual)} options={KPI_VISUALS.map(({ value, label }) => ({ value, label }))} />
              </div>
              <figure data-image-class={imageClass(data.stim_width, data.stim_height)} part="kpi-visual">
                <ReportImage
                  src={data[shown.value]}
                  alt={`${shown.label} of ${data.stim_label ?? data.stim_name}`}
                  download={{ fileName: visualFileName(shown.label, data.stim_label ?? data.stim_name), studyId: parseStimKey(stim)?.studyId }}
                />
                <figcaption>{shown.caption}</figcaption>
              </figure>
            </>
          )}
          {/* Issue 41: visuals are drawn from raw gaze, which retention may have removed for some sessions. */}
          {data.raw_gaze_notice ? <p part="retention-notice" role="note">{data.raw_gaze_notice}</p> : null}
        </section>
        <section aria-label="Funnel">
          <Funnel data={data} />
          <p className="note" part="funnel-note">{FUNNEL_NOTE}</p>
        </section>
      </div>
      {video ? null : (
        <section part="explorer-section" aria-label="Explore attention">
          <h3>Explore attention</h3>
          <GazeExplorer stim={stim} filters={filters} name={data.stim_label ?? data.stim_name} fallbackSrc={data.stim_source} />
        </section>
      )}
      <Cards part="metric-cards">
        <div part="metric-card" data-metric="avg_page_dwell_time" data-relation={pageDwell === 'equal' ? 'above' : pageDwell}>
          <strong>{formatSeconds(data.stim_data.avg_page_dwell_time)}</strong><span>Average page dwell time</span>
          <CardNote text={uncertaintyText('avg_page_dwell_time', 'seconds', data.stim_stats)} />
        </div>
        <div part="metric-card" data-metric="panelist_viewable_script_percent">
          <strong>{formatPercent(data.stim_data.panelist_viewable_script_percent)}</strong><span>Panelist viewable script percent</span>
          <CardNote text={uncertaintyText('panelist_viewable_script_percent', 'percent', data.stim_stats)} />
        </div>
        <div part="metric-card" data-metric="avg_time_to_first_view">
          <strong>{formatSeconds(data.stim_data.avg_time_to_first_view)}</strong><span>Average time to first view</span>
          {/* Measured from the stim's first viewable moment, not from page load (docs/metrics.md). */}
          <small part="metric-note">from the first viewable moment</small>
          <CardNote text={uncertaintyText('avg_time_to_first_view', 'seconds', data.stim_stats)} />
        </div>
      </Cards>
      <ReportSection
        title="Survival curves"
        part="survival-section"
        loading={graph.loading && !graph.data}
        error={graph.error}
        onRetry={graph.refetch}
        controls={<><GraphTypeSelect label="Data type" value={graphType} onChange={setGraphType} /><KmSwitch value={km} onChange={setKm} /></>}
        info={<img src={SURVIVAL_EXAMPLE_IMAGE} alt="Example survival curve falling from 100% over time" style={{ maxWidth: '100%' }} />}
      >
        {/* The chart's own figure caption is the spec's caption (D3-232): printed once (issue 38). */}
        {graph.data ? <SurvivalChart graph={graph.data} /> : null}
      </ReportSection>
    </Page>
  );
}
