import { defineElement } from '../define';
import { Panels } from './Panels';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * A study's panels: the list, 'Add panel' / 'Edit' in a modal (Name, Code, Complete Redirect,
 * Disqualify Redirect, Overquota Redirect, Parameter; all required, checked at submit), and
 * 'Delete' with a confirmation. Every change refreshes the study's panels, links and overview.
 *
 * @element gaze-panels
 * @attr {string} study-id - The study (required).
 * @csspart panels - The whole block.
 * @csspart panel-table - The list.
 * @csspart empty - The note when there is no panel.
 * @csspart add-panel - The 'Add panel' button.
 * @csspart panel-modal - The create/edit dialog.
 */
export const GazePanelsElement = defineElement('gaze-panels', Panels, { props: { studyId: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-panels': { attributes: CommonAttributes & { 'study-id': string }; events: CommonEvents };
  }
}
