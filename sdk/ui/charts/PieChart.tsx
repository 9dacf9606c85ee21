import { useMemo } from 'react';
// Named import: with "type": "module" the default export is an object (pitfall 3).
import { HighchartsReact } from 'highcharts-react-official';
import { baseOptions, Highcharts } from './highcharts';
import { ChartFrame } from './ChartFrame';
import { NO_DATA_ALT, NO_DATA_IMAGE } from './noData';

export interface PieChartProps {
  title: string;
  data: { name: string; y: number }[];
  /** False → the no-data image instead of the chart. */
  hasData: boolean;
  /** Read by screen readers before the data. */
  description?: string;
  /** What the counts are, for the total and the tooltips (default 'respondents'). */
  unit?: string;
}

/**
 * Every pie has this diameter in pixels, whatever its labels: Highcharts otherwise shrinks a pie
 * until its outside labels fit, so pies side by side came out in very different sizes.
 */
export const PIE_SIZE = 160;
/** Room above and below the pie for the short percentage labels. */
const LABEL_ROOM = 26;
/** One legend line (one slice per line), and the legend's own margins. */
const LEGEND_LINE = 20;
const LEGEND_MARGIN = 20;

/** Whole percentages for labels, one decimal in tooltips; a share below 1 % is never shown as 0 %. */
export function percentText(y: number, total: number, decimals = 0): string {
  if (!(total > 0)) return '0%';
  const p = (y / total) * 100;
  const min = decimals ? 0.1 : 1;
  return p > 0 && p < min ? `<${min}%` : `${p.toFixed(decimals)}%`;
}

export interface PieSummary {
  /** Slices above 0 (a zero slice draws nothing but a stray "Other: 0" label). */
  slices: { name: string; y: number }[];
  total: number;
}

export function pieSummary(data: { name: string; y: number }[]): PieSummary {
  const slices = data.filter((d) => Number.isFinite(d.y) && d.y > 0).map((d) => ({ name: d.name, y: d.y }));
  return { slices, total: slices.reduce((s, d) => s + d.y, 0) };
}

/** The options of one kit pie (exported so tests can read what a chart is told). */
export function pieOptions({ title, data, description, unit = 'respondents' }: Omit<PieChartProps, 'hasData'>): Highcharts.Options {
  const { slices, total } = pieSummary(data);
  const totalText = `${total.toLocaleString('en-GB')} ${unit}`;
  const base = baseOptions({ title, description: [description, `Total: ${totalText}.`].filter(Boolean).join(' ') });
  const height = LABEL_ROOM * 2 + PIE_SIZE + LEGEND_MARGIN + slices.length * LEGEND_LINE + 10;
  return {
    ...base,
    chart: { ...base.chart, type: 'pie', height, spacing: [10, 10, 10, 10] },
    tooltip: {
      // Names come from our own lists, but the format escapes them anyway (useHTML off).
      formatter(this: Highcharts.Point) {
        return `${this.name}: <b>${(this.y ?? 0).toLocaleString('en-GB')}</b> of ${totalText} (${percentText(this.y ?? 0, total, 1)})`;
      },
    },
    legend: {
      enabled: true,
      layout: 'vertical',
      align: 'center',
      verticalAlign: 'bottom',
      itemMarginBottom: 2,
      itemStyle: { fontWeight: 'normal' },
      labelFormatter(this: Highcharts.Point | Highcharts.Series) {
        const p = this as Highcharts.Point;
        return `${p.name}: ${(p.y ?? 0).toLocaleString('en-GB')} (${percentText(p.y ?? 0, total)})`;
      },
    },
    plotOptions: {
      pie: {
        animation: false,
        size: PIE_SIZE,
        center: ['50%', LABEL_ROOM + PIE_SIZE / 2],
        showInLegend: true,
        dataLabels: {
          enabled: true,
          distance: 10,
          formatter(this: Highcharts.Point) {
            return percentText(this.y ?? 0, total);
          },
          style: { fontWeight: 'normal', textOutline: 'none' },
        },
      },
    },
    series: [{ type: 'pie', name: title, data: slices }],
  };
}

/** One titled pie with its total; `part="pie"`, the total `part="total"`, the image `part="no-data"`. */
export function PieChart({ title, data, hasData, description, unit = 'respondents' }: PieChartProps) {
  const options = useMemo(() => pieOptions({ title, data, description, unit }), [title, data, description, unit]);
  const { total } = pieSummary(data);
  return (
    <ChartFrame part="pie" title={title} note={hasData ? `${total.toLocaleString('en-GB')} ${unit}` : undefined}>
      {hasData ? (
        // highcharts-light: the light palette even when the reader's system prefers dark, so the
        // background stays white (Highcharts 13 otherwise follows prefers-color-scheme).
        <HighchartsReact highcharts={Highcharts} options={options} containerProps={{ className: 'highcharts-light' }} />
      ) : (
        <img part="no-data" src={NO_DATA_IMAGE} alt={NO_DATA_ALT} width={200} height={160} />
      )}
    </ChartFrame>
  );
}
