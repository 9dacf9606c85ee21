import { expect } from '@open-wc/testing';
import { PieChart, PIE_SIZE, percentText, pieOptions } from './PieChart';
import { Highcharts } from './highcharts';
import { BarChart } from './BarChart';
import { LineChart } from './LineChart';
import { CHART_PALETTE } from '../tokens';
import { afterEach, describe, focused, it, mount, press, q, qa, unmountAll, waitFor, type Mounted } from '../test-utils';

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

async function drawn(m: Mounted) {
  return waitFor(() => m.root.querySelector('.highcharts-container svg'), 'a drawn chart');
}

/** The landmark the accessibility module makes of the chart (named after the title). */
function region(m: Mounted) {
  return m.root.querySelector<HTMLElement>('[role="region"][data-highcharts-chart]');
}
/** The screen-reader text before the chart: title heading, chart type, description. */
function before(m: Mounted) {
  return m.root.querySelector<HTMLElement>('[id^="highcharts-screen-reader-region-before-"]');
}

describe('charts', () => {
  afterEach(() => unmountAll());

  it('palette starts with #00badb and has 15 colours', () => {
    expect(CHART_PALETTE[0]).to.equal('#00badb');
    expect(new Set(CHART_PALETTE).size).to.equal(15);
  });

  it('pie: palette applied in order, white background in the shadow root, accessible region with title and description', async () => {
    const m = await mount(
      <PieChart title="Gender" description="Share of respondents by gender." hasData data={[{ name: 'Female', y: 40 }, { name: 'Male', y: 35 }, { name: 'Other', y: 2 }]} />,
      { width: 500 },
    );
    await drawn(m);
    const slices = qa(m, '.highcharts-series .highcharts-point');
    expect(slices.map((s) => getComputedStyle(s).fill)).to.deep.equal(CHART_PALETTE.slice(0, 3).map(rgb));
    expect(getComputedStyle(q(m, '.highcharts-background')).fill).to.equal('rgb(255, 255, 255)');
    const r = await waitFor(() => region(m), 'chart region');
    expect(r.getAttribute('aria-label')).to.equal('Gender. Highcharts interactive chart.');
    const text = before(m)!;
    expect(text.querySelector('h6')?.textContent).to.equal('Gender');
    expect(text.textContent).to.contain('Pie chart with 3 slices.');
    expect(text.textContent).to.contain('Share of respondents by gender.');
    expect(q(m, 'figcaption').textContent).to.equal('Gender');
  });

  it('issue 10 item 9: zero slices are hidden (no "Other: 0"); labels and legend carry percentages; the total and its share are in the tooltip', async () => {
    const data = [{ name: 'Female', y: 30 }, { name: 'Male', y: 10 }, { name: 'Other', y: 0 }];
    const o = pieOptions({ title: 'Gender', data });
    const series = o.series![0] as Highcharts.SeriesPieOptions;
    expect((series.data as { name: string }[]).map((d) => d.name)).to.deep.equal(['Female', 'Male']);
    expect(o.colors).to.deep.equal([...CHART_PALETTE]);
    const m = await mount(<PieChart title="Gender" hasData data={data} />, { width: 320 });
    await drawn(m);
    const slices = qa(m, '.highcharts-series .highcharts-point');
    expect(slices).to.have.length(2);
    expect(slices.map((s) => getComputedStyle(s).fill)).to.deep.equal(CHART_PALETTE.slice(0, 2).map(rgb));
    const labels = qa(m, '.highcharts-data-label').map((l) => l.textContent!.split('\u200B')[0]);
    expect(labels).to.deep.equal(['75%', '25%']);
    const legend = qa(m, '.highcharts-legend-item').map((l) => l.textContent);
    expect(legend).to.deep.equal(['Female: 30 (75%)', 'Male: 10 (25%)']);
    expect(m.root.textContent).to.not.contain('Other');
    expect(q(m, '[part="total"]').textContent).to.equal('40 respondents');
    // The tooltip of a slice: count, total and share.
    const chart = Highcharts.charts.find((c) => c && m.root.contains(c.container))!;
    chart.series[0].points[1].onMouseOver();
    const tip = await waitFor(() => m.root.querySelector('.highcharts-tooltip text')?.textContent, 'tooltip');
    expect(tip).to.contain('Male: 10 of 40 respondents (25.0%)');
  });

  it('issue 10 item 9: pies side by side have the same size whatever their labels and slice counts', async () => {
    const a = await mount(<PieChart title="Gender" hasData data={[{ name: 'F', y: 1 }, { name: 'M', y: 1 }]} />, { width: 300 });
    const b = await mount(
      <PieChart
        title="Family"
        hasData
        data={[
          { name: 'Single, no children at home', y: 3 }, { name: 'Couple with children at home', y: 9 }, { name: 'Family with grown-up children', y: 2 },
          { name: 'Shared household', y: 1 }, { name: 'Other', y: 1 },
        ]}
      />,
      { width: 420 },
    );
    await drawn(a);
    await drawn(b);
    const diameter = (m: Mounted) => {
      const boxes = qa(m, '.highcharts-series .highcharts-point').map((p) => (p as unknown as SVGGraphicsElement).getBoundingClientRect());
      const left = Math.min(...boxes.map((r) => r.left));
      const right = Math.max(...boxes.map((r) => r.right));
      return Math.round(right - left);
    };
    expect(diameter(a)).to.equal(PIE_SIZE);
    expect(diameter(b)).to.equal(PIE_SIZE);
  });

  it('percentText: whole percent in labels, never 0 % for a present slice', () => {
    expect(percentText(1, 3)).to.equal('33%');
    expect(percentText(1, 3, 1)).to.equal('33.3%');
    expect(percentText(1, 500)).to.equal('<1%');
    expect(percentText(0, 0)).to.equal('0%');
  });

  it('bar: one palette colour per series; the points are reachable from the keyboard', async () => {
    const m = await mount(
      <>
        <button type="button" id="start">
          Start
        </button>
        <BarChart
          title="Dwell time by cell"
          categories={['Cell A', 'Cell B']}
          series={[
            { name: 'Desktop', data: [3, 5] },
            { name: 'Mobile', data: [2, 4] },
          ]}
        />
      </>,
      { width: 600 },
    );
    await drawn(m);
    const fills = qa(m, '.highcharts-series-group .highcharts-series').map((s) => getComputedStyle(s.querySelector('.highcharts-point')!).fill);
    expect(fills).to.deep.equal([rgb(CHART_PALETTE[0]), rgb(CHART_PALETTE[1])]);
    expect(region(m)?.getAttribute('aria-label')).to.contain('Dwell time by cell');
    q(m, '#start').focus();
    await press('Tab');
    expect(focused(m)?.getAttribute('aria-label'), 'Tab lands on the first point').to.equal('Cell A, 3. Desktop.');
    await press('ArrowRight');
    expect(focused(m)?.getAttribute('aria-label')).to.equal('Cell B, 5. Desktop.');
    await press('Tab');
    expect(focused(m)?.getAttribute('aria-label'), 'then the legend').to.equal('Show Desktop');
  });

  it('line and area: palette, white background and an accessible region', async () => {
    for (const area of [false, true]) {
      const m = await mount(
        <LineChart area={area} title="Viewers over time" categories={['Mon', 'Tue', 'Wed']} series={[{ name: 'Viewers', data: [1, 3, 2] }]} />,
        { width: 600 },
      );
      await drawn(m);
      const graph = q(m, '.highcharts-series .highcharts-graph');
      expect(getComputedStyle(graph).stroke).to.equal(rgb(CHART_PALETTE[0]));
      if (area) expect(getComputedStyle(q(m, '.highcharts-series .highcharts-area')).fill).to.equal(rgb(CHART_PALETTE[0]));
      expect(getComputedStyle(q(m, '.highcharts-background')).fill).to.equal('rgb(255, 255, 255)');
      expect(q(m, area ? '[part="area-chart"]' : '[part="line-chart"]')).to.not.equal(null);
      expect(region(m)?.getAttribute('aria-label')).to.contain('Viewers over time');
      unmountAll();
    }
  });
});
