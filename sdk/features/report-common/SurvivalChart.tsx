import { useMemo } from 'react';
import { LineChart } from '../../ui/charts';
import { Select, Switch } from '../../ui';
import { GRAPH_TYPES, type GraphTypeId } from '../../core/reports/reports';
import type { GraphResponse } from '../../core/api/reports';
import { CHART_HEIGHT, cutStimName, LEGEND_NAME_MAX } from './format';
const legendLabel = (name: string) => cutStimName(name, LEGEND_NAME_MAX);

export const GRAPH_OPTIONS = ([1, 2, 3] as GraphTypeId[]).map((id) => ({ value: String(id), label: GRAPH_TYPES[id].name }));

/** Captions by graph type (D3-232..234). */
export function survivalCaption(graphType: GraphTypeId): string {
  if (graphType === 1) return 'How long your respondents viewed the stim';
  if (graphType === 2) return 'How long your respondents viewed the page the stim was on';
  return 'How long the stim was viewable to your respondents';
}

export function GraphTypeSelect({ value, onChange, label = 'Graph type' }: { value: GraphTypeId; onChange: (v: GraphTypeId) => void; label?: string }) {
  return <Select label={label} options={GRAPH_OPTIONS} value={String(value)} onChange={(v) => onChange(Number(v) as GraphTypeId)} data-testid="graph-type" />;
}

export const KM_LABEL = 'Kaplan–Meier (looks cut short by the page end counted as censored)';

/** Offers the Kaplan–Meier curve beside the spec's empirical one, which stays the default. */
export function KmSwitch({ value, onChange }: { value: boolean; onChange: (v: boolean) => void }) {
  return <Switch label="Kaplan–Meier" checked={value} onChange={onChange} />;
}

/**
 * Survival curves, one series per stim: x seconds (to 5, 60 or 15 s by type), y % of the base.
 * Each series has its own colour-blind-safe colour and dash style; a lone curve is a filled area,
 * several are lines (overlapping fills blend into one colour; issue 37 item 6).
 * Titles and axes follow the answer's own graph type, so a curve still shown while the next type
 * loads is never labelled as the new one; a new answer draws a new chart.
 */
export function SurvivalChart({ graph, labelOf = (d) => d.stim_label ?? d.stim_name }: {
  graph: GraphResponse;
  /** The legend's name of a series: its placement label (its cell when a name is placed twice). */
  labelOf?: (d: GraphResponse['data'][number]) => string;
}) {
  const graphType = graph.current_graph_type_id;
  // Labelled by the answer itself, so a Kaplan–Meier curve is never shown as the spec's one.
  const title = graph.estimator === 'km' ? `${survivalCaption(graphType)} — ${KM_LABEL}` : survivalCaption(graphType);
  const { categories, series } = useMemo(() => {
    const first = graph.data[0]?.graph_data ?? [];
    return {
      categories: first.map((p) => String(p.x)),
      series: graph.data.map((d) => ({ name: labelOf(d), data: d.graph_data.map((p) => p.y) })),
    };
  }, [graph, labelOf]);
  return (
    <LineChart
      key={`${graphType}:${graph.estimator ?? 'empirical'}:${graph.data.map((d) => d.graph_data.length).join(',')}`}
      title={title}
      categories={categories}
      series={series}
      area={series.length === 1}
      distinct
      legendLabel={legendLabel}
      height={CHART_HEIGHT}
      xTitle={`${GRAPH_TYPES[graphType].name} (seconds)`}
      valueTitle="% of respondents"
      yMax={100}
      description={title}
    />
  );
}
