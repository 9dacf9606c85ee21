import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { BatchKpiReport } from './BatchKpiReport';

/**
 * KPI report of one batch stim (spec D3 §2.12): 'KPI Report' with the stim's name and type, the
 * download menu, 'Key Attention Metrics' (Metric / Actual / Norms), the 'Attention Curve' (hidden
 * without data; tooltips '% still viewing' and 'seconds dwell time') and 'Attention Visuals'
 * (Original, Heatmap, View Order when available, Stim Analysis, Feature Analysis).
 *
 * @element gaze-batch-kpi-report
 * @attr {string} batch-id - The batch's internal id.
 * @attr {string} vendor-id - Its vendor's internal id.
 * @attr {number} stim-id - The batch stim (internal_stim_id).
 * @csspart batch-kpi-report - The whole surface.
 * @csspart title - 'KPI Report'.
 * @csspart stim - The stim's name and type.
 * @csspart downloads - The download menu.
 * @csspart kpi-table - The Key Attention Metrics card.
 * @csspart attention-curve - The Attention Curve chart.
 * @csspart visuals - The Attention Visuals card.
 * @csspart visual - The visual shown.
 * @csspart other-report - The link to the same stim's feature report.
 * @csspart empty - 'This batch has no stims to report on yet.' (an address without a stim, for a batch without stims).
 * @csspart gaze-explorer - The interactive visual (issue 37): the creative with the heatmap (opacity, time window), gaze plot and AOI overlay, its controls and the AOI table.
 * @csspart explorer-canvas - The overlay canvas (role img, its summary as the label).
 * @csspart aoi-table - The AOIs with their metrics beside the picture.
 */
export const GazeBatchKpiReportElement = defineElement('gaze-batch-kpi-report', BatchKpiReport, {
  props: { batchId: 'string', vendorId: 'string', stimId: 'number' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-batch-kpi-report': { attributes: CommonAttributes & { 'batch-id': string; 'vendor-id': string; 'stim-id': string | number }; events: CommonEvents };
  }
}
