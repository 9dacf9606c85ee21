import { defineElement } from '../define';
import { StimUploader } from './StimUploader';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The bulk stim uploader (spec D2 §2.5, §4.4): SCRIPT, VAST URL/XML and Image/Video (drag and
 * drop) tabs with a live preview (third-party markup only in a sandboxed iframe from the files
 * origin), an upload list with Name, Ad Asset Type, Ad Type Group, Ad Type, Brand, Preview/Edit
 * and Delete per row, 'Create Brand' for super users, and 'Upload All Stims' sending one row at a
 * time with a progress bar per file, continuing past a failed row. Each row shows its content
 * type; 'Upload All Stims' is disabled while a row is incomplete (the reason beside it); a brand
 * created from a row becomes that row's brand. After a fully successful upload the user goes to
 * /stims, where <gaze-stim-library> shows 'All stims uploaded successfully!' with OK (on the
 * board's New Stim, or in the step dialog, a dialog here says so instead).
 *
 * @element gaze-stim-uploader
 * @attr {number} study-id - Created stims become this study's own.
 * @attr {number} cell-id - With study-id (the board's New Stim): each created stim becomes a stim step at the end of this cell; OK returns to the board. 'Failed to link stim to step.' names a stim that could not be added.
 * @attr {string} mode - 'step' inside the step dialog: no navigation; the board links each created stim.
 * @fires {{ stim_id: number; name: string; stim_type: string }} gaze-stim-created - One stim was created; the step dialog links it to its step.
 * @fires {{ path: string }} gaze-navigate - A fully successful upload: /stims at once, or the study's board after OK with cell-id.
 * @csspart stim-uploader - The whole uploader.
 * @csspart add - 'Add to upload list'.
 * @csspart preview - The live preview pane.
 * @csspart preview-frame - The sandboxed preview iframe.
 * @csspart rows - The upload list.
 * @csspart row - One row of the upload list.
 * @csspart empty - 'No stims to upload.'
 * @csspart create-brand - 'Create Brand' (super users): the new brand fills every row still without one.
 * @csspart row-create-brand - A row's 'Create Brand' (super users): the new brand becomes that row's.
 * @csspart row-type - A row's content type (image/jpeg, video/mp4 …, Script, VAST URL or VAST XML).
 * @csspart blocked - 'Please fix the errors before uploading.' while a row is incomplete.
 * @csspart upload-all - 'Upload All Stims'.
 * @csspart link-failed - 'Failed to link stim to step.' with the stims not added to the cell.
 * @csspart script - The SCRIPT text area.
 * @csspart vast - The VAST URL/XML text area.
 * @csspart file-preview - Thumbnails of the chosen files.
 * @csspart study-only - What a batch account sees instead of the uploader (with its way to My Stimuli, part back).
 * @csspart back - Its 'Go to My Stimuli' link.
 */
export const GazeStimUploaderElement = defineElement('gaze-stim-uploader', StimUploader, { props: { studyId: 'number', mode: 'string', cellId: 'number' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-stim-uploader': {
      attributes: CommonAttributes & { 'study-id'?: number; 'cell-id'?: number; mode?: 'step' };
      events: CommonEvents & { 'gaze-stim-created': { stim_id: number; name: string; stim_type: string } };
    };
  }
}
