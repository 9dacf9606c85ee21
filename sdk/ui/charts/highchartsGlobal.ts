// Highcharts 13's module files (accessibility, …) are UMD: under a bundler they take the
// Highcharts instance from `window._Highcharts`, which highcharts.js sets when it runs. Rolldown
// may run a side-effect-only CommonJS import (the module) before the default import it follows
// (highcharts itself), and the module then crashes on `undefined.AST`. This ES module runs
// first (it is imported first) and publishes the instance itself, so the order no longer matters.
import Highcharts from 'highcharts';

const g = globalThis as unknown as { _Highcharts?: typeof Highcharts };
g._Highcharts ??= Highcharts;

export default Highcharts;
