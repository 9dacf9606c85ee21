// The one Highcharts of the kit: accessibility module on (keyboard navigation, a screen-reader
// region per chart, proxy buttons for points and legend), the shadow-root palette fix installed,
// and the kit's palette and font as the base of every chart's options.
// The kit's own master (only the series and parts the kit draws, ./master.ts) first: the
// accessibility module composes itself onto the classes the master has put on the namespace.
// Both are ES modules sharing one Core/Globals, so screen-reader support loads with every chart.
import type HighchartsTypes from 'highcharts';
import KitHighcharts from './master';
import 'highcharts/es-modules/masters/modules/accessibility.src.js';
import { CHART_PALETTE, tokens } from '../tokens';
import { installShadowPaletteFix } from './shadowPalette';

/** The kit's Highcharts namespace (value), typed as the `highcharts` package's. */
export const Highcharts = KitHighcharts;
/** …and the package's types the kit's charts name, under the same name (`Highcharts.Options`). */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace Highcharts {
  export type Options = HighchartsTypes.Options;
  export type Chart = HighchartsTypes.Chart;
  export type Point = HighchartsTypes.Point;
  export type Series = HighchartsTypes.Series;
  export type SeriesPieOptions = HighchartsTypes.SeriesPieOptions;
}

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
