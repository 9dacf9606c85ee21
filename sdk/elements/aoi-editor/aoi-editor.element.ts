import { defineElement } from '../define';
import { AoiEditor } from './AoiEditor';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The AOI editor (spec D2 §2.8): draw rectangles (drag) and polygons (click the points, Enter or
 * double-click closes) over the stim, move and resize them by mouse or keyboard (arrows move,
 * Shift 10 px, Alt resizes), tag them, Delete, Ctrl+Z undo, and Save, which queues the recompute
 * of the stim's feature metrics. A Heatmap switch shows the stim's heatmap underneath.
 * `type=stim` reads and saves through /analysis/stimuli, any other type through /analysis/tpstimuli.
 *
 * @element gaze-aoi-editor
 * @attr {number} stim-id - The stim (type=stim) or batch stim to edit.
 * @attr {string} type - 'stim' (default) or the batch type.
 * @csspart aoi-editor - The whole editor.
 * @csspart stage - The stim with the drawing over it.
 * @csspart aoi-list - The list of AOIs.
 * @csspart save - The Save button.
 */
export const GazeAoiEditorElement = defineElement('gaze-aoi-editor', AoiEditor, { props: { stimId: 'number', type: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-aoi-editor': { attributes: CommonAttributes & { 'stim-id'?: number; type?: string }; events: CommonEvents };
  }
}
