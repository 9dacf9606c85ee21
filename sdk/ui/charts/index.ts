// Highcharts-based UI. Kept out of sdk/ui/index.ts so elements without charts stay small.
export { PieChart, type PieChartProps } from './PieChart';
export { BarChart, type BarChartProps, type ChartSeries } from './BarChart';
export { LineChart, type LineChartProps } from './LineChart';
export { ChartFrame } from './ChartFrame';
export { Highcharts, baseOptions, type A11yText } from './highcharts';
export { fixShadowPalette, installShadowPaletteFix } from './shadowPalette';
export { NO_DATA_IMAGE, NO_DATA_ALT } from './noData';
export { CHART_PALETTE, SAFE_SERIES_COLOURS, SERIES_DASHES, seriesStyle } from '../tokens';
