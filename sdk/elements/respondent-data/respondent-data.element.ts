import { defineElement } from '../define';
import { RespondentData } from './RespondentData';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * Answers a respondent's data request (issue 41): finds their stored sessions by panel reference,
 * exports everything stored for them as JSON and erases it after the word ERASE is typed.
 *
 * @element gaze-respondent-data
 * @attr {string} study-id - The study searched; without it every study of the acting company (company administrators).
 * @csspart respondent-data - The card.
 * @csspart search - The search form.
 * @csspart button - The Find button.
 * @csspart loading - 'Searching…' while the search runs.
 * @csspart empty - 'No respondent with this reference'.
 * @csspart matches - The table of stored sessions.
 * @csspart export - The Export JSON button.
 * @csspart erase - The Erase… button.
 * @csspart success - What an erasure removed.
 */
export const GazeRespondentDataElement = defineElement('gaze-respondent-data', RespondentData, { props: { studyId: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-respondent-data': { attributes: CommonAttributes & { 'study-id'?: string }; events: CommonEvents };
  }
}
