import { defineElement } from '../define';
import { StimUploader } from './StimUploader';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The bulk stim uploader (spec D2 §2.5, §4.4): SCRIPT, VAST URL/XML and Image/Video (drag and
 * drop) tabs with a live preview (third-party markup only in a sandboxed iframe from the files
 * origin), an upload list with Name, Ad Asset Type, Ad Type Group, Ad Type, Brand, Preview/Edit
 * and Delete per row, 'Create Brand' for super users, and 'Upload All Stims' sending one row at a
 * time with a progress bar per file, continuing past a failed row. After a fully successful
 * upload, OK goes to /stims.
 *
 * @element gaze-stim-uploader
 * @attr {number} study-id - Created stims become this study's own.
 * @attr {string} mode - 'step' inside the step dialog: no navigation; the board links each created stim.
 * @fires {{ stim_id: number, name: string, stim_type: string }} gaze-stim-created - One stim was created; the step dialog links it to its step.
 * @fires {{ path: string }} gaze-navigate - OK after a fully successful upload (to /stims).
 * @csspart stim-uploader - The whole uploader.
 * @csspart add - 'Add to upload list'.
 * @csspart preview - The live preview pane.
 * @csspart preview-frame - The sandboxed preview iframe.
 * @csspart rows - The upload list.
 * @csspart row - One row of the upload list.
 * @csspart empty - 'No stims to upload.'
 * @csspart create-brand - 'Create Brand' (super users).
 * @csspart upload-all - 'Upload All Stims'.
 */
export const GazeStimUploaderElement = defineElement('gaze-stim-uploader', StimUploader, { props: { studyId: 'number', mode: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-stim-uploader': {
      attributes: CommonAttributes & { 'study-id'?: number; mode?: 'step' };
      events: CommonEvents & { 'gaze-stim-created': { stim_id: number; name: string; stim_type: string } };
    };
  }
}
