// The one Highcharts of the kit: accessibility module on (keyboard navigation, a screen-reader
// region per chart, proxy buttons for points and legend), the shadow-root palette fix installed,
// and the kit's palette and font as the base of every chart's options.
// highchartsGlobal first: the accessibility module registers itself on window._Highcharts.
import Highcharts from './highchartsGlobal';
import 'highcharts/modules/accessibility';
import { CHART_PALETTE, tokens } from '../tokens';
import { installShadowPaletteFix } from './shadowPalette';

export { Highcharts };

export interface A11yText {
  /** The chart's name (screen-reader heading); also the visible caption. */
  title: string;
  /** A sentence on what the chart shows, read before the data. */
  description?: string;
}

/** Options every kit chart starts from. */
export function baseOptions({ title, description }: A11yText): Highcharts.Options {
  installShadowPaletteFix();
  return {
    colors: [...CHART_PALETTE],
    // The visible title is the figure's caption; Highcharts keeps the text for the screen-reader
    // region and the proxy buttons' names, drawn but hidden (floating: no space reserved).
    title: { text: title, floating: true, style: { display: 'none' } },
    credits: { enabled: false },
    // The surface token (white by default, the dark palette's surface under theme="dark").
    chart: { style: { fontFamily: 'inherit' }, backgroundColor: tokens.surface },
    accessibility: { enabled: true, description },
  };
}
