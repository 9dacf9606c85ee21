import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Select, tokens } from '../../ui';
import { useResource } from '../../core/resource/hooks';
import {
  compareGraph, featureAttention, NORM_TYPES, normSizes, overallAttention, stimTree, visualData, type GraphTypeId, type NormTypeId,
} from '../../core/reports/reports';
import { stimKey, treeStims, type StimKey } from '../../core/reports/keys';
import { visualFileName } from '../../core/download/download';
import { featureTableCsv, kpiTableCsv } from '../../core/reports/downloads';
import type { NormSizesResponse, OverallAttentionResponse, VisualData } from '../../core/api/reports';
import {
  GraphTypeSelect, KPI_TABLE, KmSwitch, NormTable, baseText, uncertaintyText, normUncertaintyText, TableDownload, ReportImage, isStillSource, ReportSection, StimName, SurvivalChart, SURVIVAL_EXAMPLE_IMAGE,
  type MetricKind,
} from '../report-common';

const Wrap = styled.div`
  display: grid;
  gap: ${tokens.space4};
  min-width: 0;
`;
const Chips = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space2};
  margin: 0;
  padding: 0;
  li {
    background: ${tokens.surfaceAlt};
    border: 1px solid ${tokens.border};
    border-radius: 999px;
    padding: 4px 12px;
  }
`;
const Gallery = styled.div`
  display: grid;
  gap: ${tokens.space3};
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  figure { margin: 0; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: ${tokens.space2}; min-width: 0; }
  figure.wide { grid-column: 1 / -1; }
  figcaption { font-weight: 600; margin-bottom: ${tokens.space2}; overflow-wrap: anywhere; }
`;
const Info = styled.div`
  dl { margin: 0; }
  dt { font-weight: 600; margin-top: ${tokens.space2}; }
  dd { margin: 0; color: ${tokens.muted}; }
  img { max-width: 100%; height: auto; }
`;

export const NORM_IDS: NormTypeId[] = [1, 2, 3, 4];

/** 'Brand Norm (12 stims)'; several stims with different sets show the range. */
export function normLabel(id: NormTypeId, sizes: number[] | null): string {
  if (!sizes || !sizes.length) return NORM_TYPES[id];
  const lo = Math.min(...sizes);
  const hi = Math.max(...sizes);
  const n = lo === hi ? `${lo}` : `${lo}–${hi}`;
  return `${NORM_TYPES[id]} (${n} ${hi === 1 ? 'stim' : 'stims'})`;
}

/** Each norm type's set sizes over the chosen stims (one per stim); null while unknown. */
export function overallNormSizes(data: NormSizesResponse | null | undefined): Record<NormTypeId, number[] | null> {
  return Object.fromEntries(NORM_IDS.map((id) => [id, data ? data.data.map((d) => d.norm_size[id]) : null])) as Record<NormTypeId, number[] | null>;
}

/** A feature norm's set sizes: per tag with any comparison stim (a tag nobody else has says nothing of the set). */
export function featureNormSizes(data: NormSizesResponse | null | undefined): Record<NormTypeId, number[] | null> {
  return Object.fromEntries(NORM_IDS.map((id) => {
    if (!data) return [id, null];
    const sizes = data.data.flatMap((d) => Object.values(d.feature_norm_size[id])).filter((n) => n > 0);
    return [id, sizes.length ? sizes : [0]];
  })) as Record<NormTypeId, number[] | null>;
}

export const FEATURE_METRICS = [
  { value: 'avg_stim_dwell_time', label: 'Avg Dwell Time', field: 'avg_feature_dwell_time', kind: 'seconds' as MetricKind },
  { value: 'panelist_viewed_percent', label: 'Percent Viewed', field: 'panelist_viewed_percent', kind: 'percent' as MetricKind },
] as const;
export type FeatureMetric = (typeof FEATURE_METRICS)[number]['value'];

export const VISUAL_FILTERS = [
  { value: 'original_url', label: 'Original' },
  { value: 'vieworder_url', label: 'View Order' },
  { value: 'featureanalysis_url', label: 'Feature Analysis' },
  { value: 'heatmap_url', label: 'Heatmap' },
  { value: 'analysis_url', label: 'Stim Analysis' },
] as const;
export type VisualFilter = (typeof VISUAL_FILTERS)[number]['value'];

function NormSelect({ value, onChange, sizes, label = 'Norm' }: { value: NormTypeId; onChange: (v: NormTypeId) => void; sizes: Record<NormTypeId, number[] | null>; label?: string }) {
  return (
    <Select
      label={label}
      value={String(value)}
      onChange={(v) => onChange(Number(v) as NormTypeId)}
      options={NORM_IDS.map((id) => ({ value: String(id), label: normLabel(id, sizes[id]) }))}
    />
  );
}

export interface AttentionReportProps {
  studyId: number;
  stims: StimKey[];
}

/** The compare report (spec document 3 §2.18): four sections, each loading and failing on its own. */
export function AttentionReport({ studyId, stims }: AttentionReportProps) {
  const enabled = studyId > 0 && stims.length > 0;
  const [kpiNorm, setKpiNorm] = useState<NormTypeId>(1);
  const [featureNorm, setFeatureNorm] = useState<NormTypeId>(1);
  const [graphType, setGraphType] = useState<GraphTypeId>(1);
  const [km, setKm] = useState(false);
  const [featureMetric, setFeatureMetric] = useState<FeatureMetric>('avg_stim_dwell_time');
  const [visual, setVisual] = useState<VisualFilter>('original_url');

  const tree = useResource(stimTree, studyId, { enabled: studyId > 0 });
  // The norm selectors' labels come from one answer with every norm type's set sizes (issue 40
  // item 2); the KPI table and the feature table ask only for the norm shown, keeping the last
  // answer on screen while another norm loads.
  const norms = useResource(normSizes, { studyId, stims }, { enabled });
  const sizes = overallNormSizes(norms.data);
  const attention = useResource(overallAttention, { studyId, stims, normType: kpiNorm }, { enabled, keepPrevious: true });
  const graph = useResource(compareGraph, { studyId, stims, graphType, km }, { enabled, keepPrevious: true });
  // The feature norms are sets of their own (comparison stims with a feature of the tag): the feature
  // section's selector shows their sizes, not the KPI norms' (issue 38).
  const features = useResource(featureAttention, { studyId, stims, normType: featureNorm }, { enabled, keepPrevious: true });
  const featureSizes = featureNormSizes(norms.data);
  const visuals = useResource(visualData, { studyId, stims }, { enabled });

  const all = useMemo(() => (tree.data ? treeStims(tree.data) : []), [tree.data]);
  const names = useMemo(() => stims.map((k) => all.find((s) => s.key === k)?.label ?? k), [all, stims]);
  // Every placement reads as the tree labels it (its cell when a name is placed twice, issue 37
  // item 5); until the tree is in, as the answer labels it.
  const labelOf = useMemo(() => {
    const byKey = new Map(all.map((s) => [s.key, s.label]));
    return (d: PlacedRow) => byKey.get(stimKey({ cellId: d.cell_id, stepId: d.step_id, studyId, stimId: d.stim_id })) ?? d.stim_label ?? d.stim_name;
  }, [all, studyId]);

  const featureDef = FEATURE_METRICS.find((m) => m.value === featureMetric)!;

  return (
    <Wrap part="attention-report">
      <Chips part="stim-chips" aria-label="Stims in this report">
        {names.map((n, i) => <li key={stims[i]} part="stim-chip"><StimName name={n} /></li>)}
      </Chips>

      <ReportSection
        title="Eye tracking KPIs"
        part="kpi-section"
        loading={attention.loading && !attention.data}
        error={attention.error}
        onRetry={attention.refetch}
        controls={
          <>
            <NormSelect value={kpiNorm} onChange={setKpiNorm} sizes={sizes} />
            <TableDownload kind="kpi-attention-table-data" studyId={studyId} csv={() => (attention.data ? kpiTableCsv(attention.data, labelOf) : null)} />
          </>
        }
        info={
          <Info>
            <dl>
              {KPI_TABLE.map((m) => <div key={m.name}><dt>{m.label}</dt><dd>{m.about}</dd></div>)}
            </dl>
            <p>Each value is green above the chosen norm and red below it. A norm is the average over its comparison set of stims; the selector shows how many stims each set holds.</p>
          </Info>
        }
      >
        {attention.data ? <KpiTable data={attention.data} labelOf={labelOf} /> : null}
      </ReportSection>

      <ReportSection
        title="Survival curves"
        part="survival-section"
        loading={graph.loading && !graph.data}
        error={graph.error}
        onRetry={graph.refetch}
        controls={<><GraphTypeSelect value={graphType} onChange={setGraphType} /><KmSwitch value={km} onChange={setKm} /></>}
        info={
          <Info>
            <img src={SURVIVAL_EXAMPLE_IMAGE} alt="Example survival curve falling from 100% over time" />
            <p>A survival curve shows, at each second, the share of respondents still viewing the stim (Dwell Time), still on the page (Page Dwell Time) or to whom the stim was still viewable (Viewable Time).</p>
          </Info>
        }
      >
        {graph.data ? <SurvivalChart graph={graph.data} labelOf={labelOf} /> : null}
      </ReportSection>

      <ReportSection
        title="Feature attention"
        part="feature-section"
        loading={features.loading && !features.data}
        error={features.error}
        onRetry={features.refetch}
        controls={
          <>
            <Select label="Metric" value={featureMetric} onChange={(v) => setFeatureMetric(v as FeatureMetric)} options={FEATURE_METRICS.map(({ value, label }) => ({ value, label }))} />
            <NormSelect label="Norm" value={featureNorm} onChange={setFeatureNorm} sizes={featureSizes} />
            <TableDownload kind="key-feature-metrics-table" studyId={studyId} csv={() => (features.data ? featureTableCsv(features.data, labelOf) : null)} />
          </>
        }
      >
        {features.data ? (
          features.data.feature_tag_list.length ? (
            <NormTable
              part="feature-table"
              caption={`Feature attention: ${featureDef.label}`}
              firstHeader="Feature"
              columns={features.data.data.map(labelOf)}
              rows={features.data.feature_tag_list.map((tag) => ({
                key: tag,
                label: tag,
                kind: featureDef.kind,
                cells: features.data!.data.map((d) => ({
                  value: d.feature_data[tag]?.[featureDef.field] ?? null,
                  norm: d.norm_data[tag]?.[featureDef.field] ?? null,
                  note: uncertaintyText(featureDef.field, featureDef.kind, d.feature_stats?.[tag]),
                })),
              }))}
            />
          ) : <p part="no-data">No data</p>
        ) : null}
      </ReportSection>

      <ReportSection
        title="Visuals"
        part="visuals-section"
        loading={visuals.loading && !visuals.data}
        error={visuals.error}
        onRetry={visuals.refetch}
        controls={<Select label="Visual" value={visual} onChange={(v) => setVisual(v as VisualFilter)} options={VISUAL_FILTERS.map((f) => ({ ...f }))} />}
      >
        {visuals.data?.raw_gaze_notice && visual !== 'original_url' ? <p part="retention-notice" role="note">{visuals.data.raw_gaze_notice}</p> : null}
        {visuals.data ? <VisualGallery items={visuals.data.data} filter={visual} studyId={studyId} labelOf={labelOf} /> : null}
      </ReportSection>
    </Wrap>
  );
}

/** The fields that name a placement in every compare answer. */
type PlacedRow = { cell_id: number; step_id: number; stim_id: number; stim_name: string; stim_label?: string };

function KpiTable({ data, labelOf }: { data: OverallAttentionResponse; labelOf: (d: PlacedRow) => string }) {
  return (
    <NormTable
      part="kpi-table"
      caption="Eye tracking KPIs"
      columns={data.data.map(labelOf)}
      rows={KPI_TABLE.map((m) => ({
        key: m.name,
        label: m.label,
        kind: m.kind,
        cells: data.data.map((d) => ({
          value: d.stim_data[m.name], norm: d.norm_data[m.name],
          note: uncertaintyText(m.name, m.kind, d.stim_stats), normNote: normUncertaintyText(m.name, m.kind, d.norm_stats),
        })),
      }))}
      bases={data.data.map((d) => baseText(d.stim_stats))}
    />
  );
}

function VisualGallery({ items, filter, studyId, labelOf }: { items: VisualData[]; filter: VisualFilter; studyId: number; labelOf: (d: PlacedRow) => string }) {
  const label = VISUAL_FILTERS.find((f) => f.value === filter)!.label;
  return (
    <Gallery part="gallery">
      {items.map((v) => {
        const video = v.stim_type === 'video' && filter === 'original_url';
        const name = labelOf(v);
        return (
          <figure key={`${v.cell_id}:${v.step_id}:${v.stim_id}`} className={v.stim_width / v.stim_height > 2 ? 'wide' : undefined}>
            <figcaption part="visual-caption"><StimName name={name} /></figcaption>
            {/* A video's visuals: over its first frame, on screen and in the download (issue 37). */}
            <ReportImage src={v[filter]} alt={`${label} of ${name}`} video={video} download={video ? undefined : { fileName: visualFileName(label, name), studyId }}
              frame={v.stim_type === 'video' && !video && v.original_url && !isStillSource(v.original_url) ? v.original_url : null} />
          </figure>
        );
      })}
    </Gallery>
  );
}
