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
  height?: number;
  /** Read by screen readers before the data. */
  description?: string;
}

/** One titled pie; `part="pie"`, the image `part="no-data"`. */
export function PieChart({ title, data, hasData, height = 280, description }: PieChartProps) {
  const options = useMemo<Highcharts.Options>(() => {
    const base = baseOptions({ title, description });
    return {
      ...base,
      chart: { ...base.chart, type: 'pie', height },
      tooltip: { pointFormat: '<b>{point.y}</b> ({point.percentage:.1f}%)' },
      plotOptions: {
        pie: { dataLabels: { enabled: true, format: '{point.name}: {point.y}' }, animation: false },
      },
      series: [{ type: 'pie', name: title, data: data.map((d) => ({ ...d })) }],
    };
  }, [title, data, height, description]);
  return (
    <ChartFrame part="pie" title={title}>
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
