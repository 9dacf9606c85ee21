import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { StepBoard } from './StepBoard';

/**
 * The cell and step board of one study: a coloured card per cell with its ordered steps, dragged
 * within their cell by pointer or keyboard; add, rename and duplicate cells; add, edit and delete
 * steps of every type; Standard / Dense; the study lock. Every change is saved on the server
 * (which refuses it while the study is locked) and the board reloads.
 *
 * @element gaze-step-board
 * @attr {string | number} study-id - The study whose board is shown (from the route).
 * @fires {{ path: string }} gaze-navigate - 'New Stim' asks the host for the stim uploader (/stims/upload-stim?study_id=…&cell_id=…).
 * @csspart step-board - The whole surface.
 * @csspart toolbar - Title, SAVED notice, density toggle and lock.
 * @csspart title - The study name.
 * @csspart saved - The 'SAVED' notice (1.8 s after a change).
 * @csspart density - The Standard / Dense toggle.
 * @csspart lock - The lock button ('Study locked' / 'Study unlocked').
 * @csspart cells - The row of cells.
 * @csspart cell - One cell card.
 * @csspart cell-title - A cell's title (cut at 19 characters).
 * @csspart step - One step card.
 * @csspart add-cell - The dashed 'Add new cell' tile.
 * @csspart add-cell-dialog - The add cell dialog.
 * @csspart cache-page-panel - The cache page panel.
 * @csspart cell-count - The cell count.
 * @csspart cell-short-name - The cell short name.
 * @csspart command-panel - The command panel.
 * @csspart edit-step-dialog - The edit step dialog.
 * @csspart fixed-panel - The fixed panel.
 * @csspart locked-note - The locked note.
 * @csspart new-item - The new item.
 * @csspart new-step-dialog - The new step dialog.
 * @csspart options-panel - The options panel.
 * @csspart options-table - The options table.
 * @csspart rename - The rename.
 * @csspart selected-type - The selected type.
 * @csspart step-label - The step label.
 * @csspart step-menu - The step menu.
 * @csspart step-name - The step name.
 * @csspart step-timing - The step timing.
 */
export const GazeStepBoardElement = defineElement('gaze-step-board', StepBoard, {
  props: { studyId: 'number' },
});

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-step-board': { attributes: CommonAttributes & { 'study-id': string | number }; events: CommonEvents };
  }
}
