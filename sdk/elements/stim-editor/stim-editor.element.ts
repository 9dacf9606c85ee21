import { defineElement } from '../define';
import { StimEditor } from './StimEditor';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * Edit stim (spec D2 §2.6): 'EDIT STIM' with name, ad asset type → ad type group → ad type
 * (each choice clears and reloads the next), brand ('Create new brand' for super users), the tag
 * for script and VAST stims, and a preview (video, image, or the markup in a sandboxed iframe
 * from the files origin, VAST 400 px high). Messages stay 20 s in a toast with OK; on success it
 * goes to /stims.
 *
 * @element gaze-stim-editor
 * @attr {number} stim-id - The stim to edit.
 * @fires {{ path: string }} gaze-navigate - Saved: back to /stims.
 * @csspart stim-editor - The whole editor.
 * @csspart form - The form.
 * @csspart preview - The preview pane.
 * @csspart preview-frame - The sandboxed preview iframe.
 * @csspart create-brand - 'Create new brand' (super users).
 * @csspart toast - The 20-second message with its OK, under the title (several messages listed one per line).
 */
export const GazeStimEditorElement = defineElement('gaze-stim-editor', StimEditor, { props: { stimId: 'number' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-stim-editor': { attributes: CommonAttributes & { 'stim-id'?: number }; events: CommonEvents };
  }
}
