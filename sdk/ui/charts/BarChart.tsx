import { useMemo } from 'react';
import { HighchartsReact } from 'highcharts-react-official';
import { baseOptions, Highcharts } from './highcharts';
import { ChartFrame } from './ChartFrame';

export interface ChartSeries {
  name: string;
  data: number[];
}

export interface BarChartProps {
  title: string;
  /** One label per bar group. */
  categories: string[];
  series: ChartSeries[];
  /** Bars left to right (default) or columns bottom to top. */
  orientation?: 'horizontal' | 'vertical';
  stacked?: boolean;
  valueTitle?: string;
  height?: number;
  description?: string;
}

/** Bars or columns per category, one colour per series from the kit palette; `part="bar-chart"`. */
export function BarChart({ title, categories, series, orientation = 'vertical', stacked, valueTitle, height = 300, description }: BarChartProps) {
  const options = useMemo<Highcharts.Options>(() => {
    const base = baseOptions({ title, description });
    const type = orientation === 'horizontal' ? 'bar' : 'column';
    return {
      ...base,
      chart: { ...base.chart, type, height },
      xAxis: { categories, title: { text: undefined } },
      yAxis: { title: { text: valueTitle ?? '' } },
      legend: { enabled: series.length > 1 },
      plotOptions: { series: { animation: false, stacking: stacked ? 'normal' : undefined } },
      series: series.map((s) => ({ type, name: s.name, data: [...s.data] })),
    };
  }, [title, categories, series, orientation, stacked, valueTitle, height, description]);
  return (
    <ChartFrame part="bar-chart" title={title}>
      <HighchartsReact highcharts={Highcharts} options={options} containerProps={{ className: 'highcharts-light' }} />
    </ChartFrame>
  );
}
