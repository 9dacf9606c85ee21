import { useMemo } from 'react';
import Highcharts from 'highcharts';
// Named import: with "type": "module" the default export is an object (pitfall 3).
import { HighchartsReact } from 'highcharts-react-official';
import styled from 'styled-components';
import { tokens } from '../theme';
import { installShadowPaletteFix } from './shadowPalette';
import { NO_DATA_ALT, NO_DATA_IMAGE } from './noData';

const Figure = styled.figure`
  margin: 0;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  padding: 12px;
  min-width: 0;
  figcaption { font-weight: 600; margin-bottom: 8px; }
  img { display: block; margin: 24px auto; max-width: 100%; }
`;

export interface PieChartProps {
  title: string;
  data: { name: string; y: number }[];
  /** False → the no-data image instead of the chart. */
  hasData: boolean;
  height?: number;
}

/** One titled pie; `part="pie"`, the image `part="no-data"`. */
export function PieChart({ title, data, hasData, height = 280 }: PieChartProps) {
  installShadowPaletteFix();
  const options = useMemo<Highcharts.Options>(
    () => ({
      chart: { type: 'pie', height },
      title: { text: undefined },
      credits: { enabled: false },
      accessibility: { enabled: false },
      tooltip: { pointFormat: '<b>{point.y}</b> ({point.percentage:.1f}%)' },
      plotOptions: {
        pie: { dataLabels: { enabled: true, format: '{point.name}: {point.y}' }, animation: false },
      },
      series: [{ type: 'pie', name: title, data: data.map((d) => ({ ...d })) }],
    }),
    [title, data, height],
  );
  return (
    <Figure part="pie" data-title={title}>
      <figcaption>{title}</figcaption>
      {hasData ? (
        // highcharts-light: the light palette even when the reader's system prefers dark, so the
        // background stays white (Highcharts 13 otherwise follows prefers-color-scheme).
        <HighchartsReact highcharts={Highcharts} options={options} containerProps={{ className: 'highcharts-light' }} />
      ) : (
        <img part="no-data" src={NO_DATA_IMAGE} alt={NO_DATA_ALT} width={200} height={160} />
      )}
    </Figure>
  );
}
