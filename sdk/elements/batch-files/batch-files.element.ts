import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { BatchFiles } from './BatchFiles';

/**
 * The files page (spec D3 §2.14): the files of the company's batches (or studies) with name,
 * description, type and a signed, expiring link (POST /studies/files).
 *
 * @element gaze-batch-files
 * @csspart batch-files - The whole surface.
 * @csspart title - 'Files'.
 * @csspart table - The table.
 */
export const GazeBatchFilesElement = defineElement('gaze-batch-files', BatchFiles);

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-batch-files': { attributes: CommonAttributes; events: CommonEvents };
  }
}
