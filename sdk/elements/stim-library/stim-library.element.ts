import { defineElement } from '../define';
import { StimLibrary } from './StimLibrary';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The stim library (spec D2 §2.4): search (500 ms debounce), type and media filters, a sortable
 * paged table (Name, Media, Brand, Width, Height, Id, Type, AOI; 25 per page, name_asc), row
 * selection and delete. Names link to /stims/edit/{id}, AOI to /stims/aoi/{id}?type=stim.
 * With `study-id` it lists that study's own stims, hides the upload button and shows nothing
 * when the list fails or is empty. A message the uploader or the editor left ('All stims
 * uploaded successfully!', 'Stimulus updated successfully!') shows once, until OK.
 *
 * @element gaze-stim-library
 * @attr {number} study-id - Show the study-specific list of this study.
 * @fires {{ path: string }} gaze-navigate - A stim, AOI or upload link was followed.
 * @csspart stim-library - The whole list.
 * @csspart toolbar - Search, filter toggle, delete and upload.
 * @csspart filter-toggle - The button showing and hiding the filters.
 * @csspart filters - The type and media filters.
 * @csspart delete - The delete button.
 * @csspart upload - The 'Upload Stim' link (general list only).
 * @csspart thumbnail - A stim's thumbnail, fitted whole (a placeholder avatar when missing or broken).
 * @csspart toast - The message the uploader or the editor left for /stims, with its OK.
 * @csspart study-only - What a batch account sees instead of the library (with its way to My Stimuli, part back).
 * @csspart back - Its 'Go to My Stimuli' link.
 */
export const GazeStimLibraryElement = defineElement('gaze-stim-library', StimLibrary, { props: { studyId: 'number' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-stim-library': { attributes: CommonAttributes & { 'study-id'?: number }; events: CommonEvents };
  }
}
