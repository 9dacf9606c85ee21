export { FeatureReport, FeatureTable, FEATURE_VISUALS, type FeatureReportProps } from './FeatureReport';
