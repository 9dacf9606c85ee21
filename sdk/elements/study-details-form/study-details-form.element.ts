import { defineElement } from '../define';
import { StudyDetailsForm } from './StudyDetailsForm';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * Edit study details: name, project location, language, media and environment (read-only), the
 * four dates, methodology, duration, incentive, objective, decision to inform, notes, brief,
 * pre-assign question group, demographic survey URL and insert parameter, and the quality
 * thresholds (one decimal, with units). Checked at submit with the spec's messages ('Name
 * required', 'Too Long!', 'Language required', 'Location required', '* Must be a valid URL').
 *
 * @element gaze-study-details-form
 * @attr {string} study-id - The study (required).
 * @fires {{ path: string }} gaze-navigate - 'Back to the overview' was followed.
 * @csspart study-details-form - The whole form.
 * @csspart save - The 'Save details' button.
 */
export const GazeStudyDetailsFormElement = defineElement('gaze-study-details-form', StudyDetailsForm, { props: { studyId: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-study-details-form': { attributes: CommonAttributes & { 'study-id': string }; events: CommonEvents };
  }
}
