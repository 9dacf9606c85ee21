import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { BatchOverview } from './BatchOverview';

/**
 * One batch (spec D3 §2.11): '{batch_id} Overview', 'View All stims', the batch download menu and
 * 'Your stims' — thumbnail (a video for mp4 or video stims, an image otherwise, a placeholder when
 * it cannot load; opens in a new tab), name, 'Item identifier', type ('Unknown' if none), 'Edit
 * AOIs', per-stim downloads and 'View Report' (the feature report when the stim has feature data,
 * else the KPI report). No stims, or a failed load, shows the 'Error!' panel.
 *
 * @element gaze-batch-overview
 * @attr {string} batch-id - The batch's internal id (internal_batch_id).
 * @attr {string} vendor-id - Its vendor's internal id (internal_vendor_id), checked with it.
 * @fires {{ path: string }} gaze-navigate - 'View All stims', 'Edit AOIs' or 'View Report': {path}.
 * @csspart batch-overview - The whole surface.
 * @csspart title - The title.
 * @csspart view-all - The 'View All stims' link.
 * @csspart downloads - The batch download menu.
 * @csspart stim-downloads - A stim's download menu.
 * @csspart thumbnail - A stim's thumbnail link.
 * @csspart view-report - A stim's 'View Report' button.
 * @csspart error-panel - The 'Error!' panel.
 * @csspart table - The stims table.
 */
export const GazeBatchOverviewElement = defineElement('gaze-batch-overview', BatchOverview, {
  props: { batchId: 'string', vendorId: 'string' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-batch-overview': { attributes: CommonAttributes & { 'batch-id': string; 'vendor-id': string }; events: CommonEvents };
  }
}
