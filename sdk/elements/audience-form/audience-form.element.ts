import { defineElement } from '../define';
import { AudienceForm } from './AudienceForm';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * Edit audience: choose one of the study's panels (or 'New panel') and edit its definition
 * (Name, Code, Complete Redirect, Disqualify Redirect, Overquota Redirect, Parameter; all
 * required, checked at submit).
 *
 * @element gaze-audience-form
 * @attr {string} study-id - The study (required).
 * @fires {{ path: string }} gaze-navigate - 'Back to the overview' was followed.
 * @csspart audience-form - The whole form.
 * @csspart panel-form - The panel fields.
 */
export const GazeAudienceFormElement = defineElement('gaze-audience-form', AudienceForm, { props: { studyId: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-audience-form': { attributes: CommonAttributes & { 'study-id': string }; events: CommonEvents };
  }
}
