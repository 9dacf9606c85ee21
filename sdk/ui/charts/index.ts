// Highcharts-based UI. Kept out of sdk/ui/index.ts so elements without charts stay small.
export { PieChart, type PieChartProps } from './PieChart';
export { fixShadowPalette, installShadowPaletteFix } from './shadowPalette';
export { NO_DATA_IMAGE, NO_DATA_ALT } from './noData';
