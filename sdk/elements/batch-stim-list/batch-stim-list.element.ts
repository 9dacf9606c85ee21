import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { BatchStimList } from './BatchStimList';

/**
 * Every stim discovered in the company's batches (spec D3 §2.14, /batch_stim_list): 'Search by
 * name', 'Stim Type' ('All' clears it), a sortable paged table (Identifier, Name, Type, Width x
 * Height, Discovered Date, AOI — tooltip 'Define areas of interest.' — linking to the AOI editor).
 *
 * @element gaze-batch-stim-list
 * @fires {{ path: string }} gaze-navigate - An AOI link: {path}.
 * @csspart batch-stim-list - The whole surface.
 * @csspart toolbar - Search and type filter.
 * @csspart controls - Page size and pagination (above and below).
 * @csspart table - The table.
 */
export const GazeBatchStimListElement = defineElement('gaze-batch-stim-list', BatchStimList);

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-batch-stim-list': { attributes: CommonAttributes; events: CommonEvents };
  }
}
