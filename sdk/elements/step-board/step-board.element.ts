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
 * @csspart step-label - A step card's type label.
 * @csspart add-cell - The dashed 'Add new cell' tile.
 * @csspart step-name - A step card's name.
 * @csspart step-timing - A step card's timings.
 * @csspart step-menu - A step card's actions menu.
 * @csspart cell-count - A cell's number of steps.
 * @csspart cell-short-name - A cell's short name.
 * @csspart rename - A cell's rename button.
 * @csspart locked-note - The note shown while the study is locked.
 * @csspart new-step-dialog - The 'New step' dialog.
 * @csspart edit-step-dialog - The step edit dialog.
 * @csspart add-cell-dialog - The 'Add new cell' dialog.
 * @csspart selected-type - The chosen step type in the new-step dialog.
 * @csspart options-panel - The options of the chosen type (a table to add from).
 * @csspart options-table - The options table.
 * @csspart fixed-panel - Validation and calibration: the description and the add button.
 * @csspart command-panel - The command radio list.
 * @csspart cache-page-panel - The cache page options with 'Create new Page'.
 * @csspart new-item - The new external/embedded item form.
 * @csspart new-step-cancel - The Create-new-step dialog's Cancel button.
 * @csspart cell-actions - A cell's action buttons (Add step, Duplicate, Rename; in dense mode Add step and a menu).
 * @csspart cell-menu - Dense mode's '⋯' menu of a cell's other actions.
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
