import { useMemo } from 'react';
import { HighchartsReact } from 'highcharts-react-official';
import { baseOptions, Highcharts } from './highcharts';
import { ChartFrame } from './ChartFrame';
import { seriesStyle } from '../tokens';
import type { ChartSeries } from './BarChart';

export interface LineChartProps {
  title: string;
  /** One label per x position. */
  categories: string[];
  series: ChartSeries[];
  /** Filled areas instead of lines. */
  area?: boolean;
  stacked?: boolean;
  valueTitle?: string;
  xTitle?: string;
  height?: number;
  description?: string;
  /** Upper end of the value axis (e.g. 100 for percents); automatic when left out. */
  yMax?: number;
  /**
   * Series a reader compares line by line: each its own colour-blind-safe colour and dash style
   * (SAFE_SERIES_COLOURS, SERIES_DASHES) instead of the kit palette, in the legend too.
   */
  distinct?: boolean;
  /** The legend's text of a series name (e.g. a long name cut); the full name stays in tooltips and for screen readers. */
  legendLabel?: (name: string) => string;
}

/** Highcharts reads a formatter's answer as markup: names are text. */
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Lines (or areas) over categories, one colour per series from the kit palette; `part="line-chart"`. */
export function LineChart({ title, categories, series, area, stacked, valueTitle, xTitle, height = 300, description, yMax, distinct, legendLabel }: LineChartProps) {
  const options = useMemo<Highcharts.Options>(() => {
    const base = baseOptions({ title, description });
    const type = area ? 'area' : 'line';
    return {
      ...base,
      chart: { ...base.chart, type, height },
      xAxis: { categories, title: { text: xTitle ?? '' } },
      yAxis: { title: { text: valueTitle ?? '' }, ...(yMax !== undefined ? { max: yMax, min: 0 } : {}) },
      legend: {
        enabled: series.length > 1,
        ...(legendLabel ? { labelFormatter(this: { name: string }) { return escapeText(legendLabel(this.name)); } } : {}),
      },
      plotOptions: { series: { animation: false, stacking: stacked ? 'normal' : undefined, marker: { enabled: true, radius: 3 } }, area: { fillOpacity: 0.35 } },
      series: series.map((s, i) => ({ type, name: s.name, data: [...s.data], ...(distinct ? seriesStyle(i) : {}) })),
    };
  }, [title, categories, series, area, stacked, valueTitle, xTitle, height, description, yMax, distinct, legendLabel]);
  return (
    <ChartFrame part={area ? 'area-chart' : 'line-chart'} title={title}>
      <HighchartsReact highcharts={Highcharts} options={options} containerProps={{ className: 'highcharts-light' }} />
    </ChartFrame>
  );
}
