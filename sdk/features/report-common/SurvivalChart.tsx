import { useMemo } from 'react';
import { LineChart } from '../../ui/charts';
import { Select } from '../../ui';
import { GRAPH_TYPES, type GraphTypeId } from '../../core/reports/reports';
import type { GraphResponse } from '../../core/api/reports';
import { CHART_HEIGHT } from './format';

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

/**
 * Survival curves, one series per stim: x seconds (to 5, 60 or 15 s by type), y % of the base.
 * Titles and axes follow the answer's own graph type, so a curve still shown while the next type
 * loads is never labelled as the new one; a new answer draws a new chart.
 */
export function SurvivalChart({ graph }: { graph: GraphResponse }) {
  const graphType = graph.current_graph_type_id;
  const { categories, series } = useMemo(() => {
    const first = graph.data[0]?.graph_data ?? [];
    return {
      categories: first.map((p) => String(p.x)),
      series: graph.data.map((d) => ({ name: d.stim_name, data: d.graph_data.map((p) => p.y) })),
    };
  }, [graph]);
  return (
    <LineChart
      key={`${graphType}:${graph.data.map((d) => d.graph_data.length).join(',')}`}
      title={survivalCaption(graphType)}
      categories={categories}
      series={series}
      area
      height={CHART_HEIGHT}
      xTitle={`${GRAPH_TYPES[graphType].name} (seconds)`}
      valueTitle="% of respondents"
      yMax={100}
      description={survivalCaption(graphType)}
    />
  );
}
