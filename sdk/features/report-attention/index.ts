export { AttentionReport, normLabel, FEATURE_METRICS, VISUAL_FILTERS, NORM_IDS, type AttentionReportProps, type FeatureMetric, type VisualFilter } from './AttentionReport';
