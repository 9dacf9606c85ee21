import { useMemo } from 'react';
import { HighchartsReact } from 'highcharts-react-official';
import { baseOptions, ChartFrame, Highcharts } from '../../ui/charts';
import type { FeatureAnalysisResponse } from '../../core/api/reports';

type Scanpath = NonNullable<FeatureAnalysisResponse['scanpath']>;

export const SCANPATH_TITLE = 'Typical order of features';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** Per position, the share of viewers (who fixated any feature) who entered each feature there. */
export function scanpathSeries(s: Scanpath): { categories: string[]; series: { name: string; data: number[] }[] } {
  const categories = s.positions.map((p) => `${ordinal(p.position)} feature`);
  // The typical order first, so the stack reads in that order and the legend lists it.
  const tags = [...s.typical_order];
  for (const p of s.positions) for (const t of Object.keys(p.counts)) if (!tags.includes(t)) tags.push(t);
  const share = (n: number | undefined) => (s.viewers > 0 && n ? Math.round((n / s.viewers) * 1000) / 10 : 0);
  return { categories, series: tags.map((t) => ({ name: t, data: s.positions.map((p) => share(p.counts[t])) })) };
}

/**
 * The aggregate scanpath (issue 23 item 3): for each position in the viewers' order of entering
 * the features, which feature they entered there (stacked % of viewers), with the typical order
 * in words above it for those who do not read charts.
 */
export function ScanpathChart({ scanpath }: { scanpath: Scanpath | undefined }) {
  const data = useMemo(() => (scanpath ? scanpathSeries(scanpath) : null), [scanpath]);
  const options = useMemo<Highcharts.Options | null>(() => {
    if (!data) return null;
    const base = baseOptions({
      title: SCANPATH_TITLE,
      description: 'For each position in the order viewers first fixated the features, the share of those viewers who fixated each feature there.',
    });
    return {
      ...base,
      chart: { ...base.chart, type: 'column', height: 260 },
      xAxis: { categories: data.categories, title: { text: undefined } },
      // Shares of one base: a column never passes 100 %.
      yAxis: { title: { text: '% of viewers' }, min: 0, max: 100, tickInterval: 25 },
      tooltip: { valueSuffix: ' %' },
      legend: { enabled: true },
      plotOptions: { series: { animation: false, stacking: 'normal' } },
      series: data.series.map((x) => ({ type: 'column' as const, name: x.name, data: [...x.data] })),
    };
  }, [data]);
  if (!scanpath || !data || !options || !scanpath.viewers || !data.categories.length) {
    return <section part="scanpath" aria-label={SCANPATH_TITLE}><h3>{SCANPATH_TITLE}</h3><p part="no-data">No data</p></section>;
  }
  return (
    <section part="scanpath" aria-label={SCANPATH_TITLE}>
      <ChartFrame part="scanpath-chart" title={SCANPATH_TITLE}>
        <p part="typical-order">
          Typical order: <strong>{scanpath.typical_order.join(' → ')}</strong>{' '}
          <span>(over {scanpath.viewers} {scanpath.viewers === 1 ? 'viewer' : 'viewers'} who fixated a feature)</span>
        </p>
        <HighchartsReact highcharts={Highcharts} options={options} containerProps={{ className: 'highcharts-light' }} />
      </ChartFrame>
    </section>
  );
}
