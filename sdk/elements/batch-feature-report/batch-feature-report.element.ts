import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { BatchFeatureReport } from './BatchFeatureReport';

/**
 * Feature report of one batch stim (spec D3 §2.13): 'Feature Report' with the stim's name, type
 * and id, the mini cards 'Percent Viewed (%)' and 'Average Dwell Time (s)', and 'Key Feature
 * Metrics' (Feature, Average feature dwell, Average page dwell, Percent panelist viewed); downloads
 * batch-feature-data, batch-participant-data and key-feature-metrics-table.
 *
 * @element gaze-batch-feature-report
 * @attr {string} batch-id - The batch's internal id.
 * @attr {string} vendor-id - Its vendor's internal id.
 * @attr {number} stim-id - The batch stim (internal_stim_id).
 * @csspart batch-feature-report - The whole surface.
 * @csspart title - 'Feature Report'.
 * @csspart stim - The stim's name, type and id.
 * @csspart downloads - The download menu.
 * @csspart mini-card - A mini card.
 * @csspart feature-table - The Key Feature Metrics table.
 * @csspart other-report - The link to the same stim's KPI report.
 * @csspart empty - 'This batch has no stims to report on yet.' (an address without a stim, for a batch without stims).
 * @csspart gaze-explorer - The interactive visual (issue 37): the creative with the heatmap (opacity, time window), gaze plot and AOI overlay, its controls and the AOI table.
 * @csspart explorer-canvas - The overlay canvas (role img, its summary as the label).
 * @csspart aoi-table - The AOIs with their metrics beside the picture.
 */
export const GazeBatchFeatureReportElement = defineElement('gaze-batch-feature-report', BatchFeatureReport, {
  props: { batchId: 'string', vendorId: 'string', stimId: 'number' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-batch-feature-report': { attributes: CommonAttributes & { 'batch-id': string; 'vendor-id': string; 'stim-id': string | number }; events: CommonEvents };
  }
}
