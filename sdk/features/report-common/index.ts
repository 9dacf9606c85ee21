// Pieces every report shares: formats and colour rules (§9), the visual with its time-out, the
// section frame with its own loading and error, the norm table, survival curves, illustrations.
export * from './format';
export * from './images';
export * from './metrics';
export { isStillSource, ReportImage, type ReportImageProps, type VisualState } from './ReportImage';
export { ReportSection, type ReportSectionProps } from './ReportSection';
export { NormTable, StimName, TableBox, NAME_MAX, type NormTableRow } from './NormTable';
export { SurvivalChart, GraphTypeSelect, GRAPH_OPTIONS, survivalCaption, KmSwitch, KM_LABEL } from './SurvivalChart';
export { startTimer, setReportTimer, manualClock, preloadImage, setImagePreload, type StartTimer, type Preload } from './timers';
export { DownloadMenu, TableDownload } from './Downloads';
export { StimPages, StimPage } from './StimPage';
export { uncertaintyText, normUncertaintyText, baseText, type StimStats } from './uncertainty';
export { useReportFilters } from './ReportFilters';
