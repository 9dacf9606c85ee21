import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { BatchList } from './BatchList';

/**
 * My Batches (spec D3 §2.10): live and completed counts, 'Search by name' and 'Search by Id'
 * (500 ms debounce), a sortable table (Name — TBD when empty —, Batch Id linking to the batch
 * overview, Estimated Batch Size, Live and Completed ticks, collection and report dates as
 * dd/mm/yyyy) with page size and pagination above and below.
 *
 * @element gaze-batch-list
 * @fires {{ path: string }} gaze-navigate - A Batch Id link was clicked: {path} of the batch overview.
 * @csspart batch-list - The whole surface.
 * @csspart counts - The live and completed counts.
 * @csspart toolbar - The two searches.
 * @csspart search - A search box.
 * @csspart files-link - The link to the files page.
 * @csspart controls - Page size and pagination (above and below the table).
 * @csspart table - The table.
 */
export const GazeBatchListElement = defineElement('gaze-batch-list', BatchList);

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-batch-list': { attributes: CommonAttributes; events: CommonEvents };
  }
}
