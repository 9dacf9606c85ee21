import { defineElement } from '../define';
import { Demographics } from './Demographics';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * Participant demographics of one study: six pies (Gender, Age, Family, Earnings, Social grade,
 * Ethnicity) each with an 'Other' slice, 'Limit to eyetracking', a filter dialog and CSV download.
 *
 * @element gaze-demographics
 * @attr {string | number} study-id - The study whose respondents are summarised.
 * @attr {string} study-name - Title shown until the server's answer names the study.
 * @csspart demographics - The whole surface.
 * @csspart title - The title (the study name).
 * @csspart toolbar - The limit switch, filter toggle and download.
 * @csspart limit - The 'Limit to eyetracking' switch.
 * @csspart filter-toggle - The button opening the filter dialog.
 * @csspart download - The split download button.
 * @csspart download-menu - The per-pie download menu.
 * @csspart pies - The grid of pies.
 * @csspart pie - One pie.
 * @csspart no-data - The no-data image of a pie.
 * @csspart modal - The filter dialog.
 * @csspart error - The error message.
 * @csspart not-found - Shown instead of everything else for an unknown or impossible study id.
 * @csspart back - The link back to My Studies in the not-found state.
 */
// study-id is a string, parsed strictly by the component: 43.0, 043 or 0x2b are not study 43.
export const GazeDemographicsElement = defineElement('gaze-demographics', Demographics, {
  props: { studyId: 'string', studyName: 'string' },
});

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-demographics': { attributes: CommonAttributes & { 'study-id': string | number; 'study-name'?: string }; events: CommonEvents };
  }
}
