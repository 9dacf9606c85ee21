export { KpiReport, Funnel, KPI_VISUALS, type KpiReportProps } from './KpiReport';
