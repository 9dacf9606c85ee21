import { defineElement } from '../define';
import { ShareEmbed } from './ShareEmbed';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The Share / Embed dialog of a study or report: a 'Share / Embed' button opening a dialog that
 * creates a read-only, expiring embed token bound to the company's allowed origins and shows the
 * snippet (one script tag + the report element), lists and revokes the study's tokens, and
 * manages the company's allowed origins.
 *
 * @element gaze-share-embed
 * @attr {string} study-id - The study (required).
 * @attr {string} report-type - The report shown (compare, kpi, feature, demographics, questionAnswers): preselected, and the snippet's element.
 * @attr {string} stims - Stim keys cell:step:study:stim separated by '|' (the report's selection): the token may be limited to them.
 * @attr {boolean} [open=false] - Opens the dialog without the button.
 * @csspart trigger - The 'Share / Embed' button.
 * @csspart share-dialog - The dialog.
 * @csspart create - The new-token form.
 * @csspart snippet - The created token's snippet.
 * @csspart tokens - The list of the study's tokens.
 * @csspart tokens-table - Its table.
 * @csspart origins - The company's allowed origins.
 */
export const GazeShareEmbedElement = defineElement('gaze-share-embed', ShareEmbed, {
  props: { studyId: 'string', reportType: 'string', stims: 'string', open: 'boolean' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-share-embed': { attributes: CommonAttributes & { 'study-id': string; 'report-type'?: string; stims?: string; open?: boolean }; events: CommonEvents };
  }
}
