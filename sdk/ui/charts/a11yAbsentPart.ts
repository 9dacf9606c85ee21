// Stands in for the Highcharts accessibility components of chart parts the kit never draws: the
// zoom buttons, the range selector and the navigator (a stock chart's; the navigator's component
// alone brought Highcharts Stock's Navigator and Scrollbar, ≈ 8 KB brotli, into every chart).
// The library build (vite.lib.config.ts, `highchartsA11yParts`) resolves those three components
// to this class. AccessibilityComponent's own methods are the right answers for a part a chart
// does not have: nothing to set up or update, no keyboard navigation module. The container, info
// regions, legend, series and menu components, keyboard navigation and the screen-reader regions
// are untouched. A chart that adds zooming, a range selector or a navigator needs them back.
import AccessibilityComponent from 'highcharts/es-modules/Accessibility/AccessibilityComponent.js';

export default class AbsentPartComponent extends AccessibilityComponent {
  /** RangeSelectorComponent.compose is called only when a RangeSelector class exists (Highcharts Stock). */
  static compose(): void {}
}
