// Highcharts ships declarations for its masters only; the kit's own master (./master.ts) imports
// the ES modules under them, typed here as untyped JavaScript. Its default export is typed as the
// `highcharts` package's namespace again.
declare module 'highcharts/es-modules/*';
