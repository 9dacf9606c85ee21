import { defineElement } from '../define';
import { StudyList } from './StudyList';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * My Studies: search ('Search my studies...', 500 ms debounce), filters (Live, Completed, Media,
 * Environment), sortable paged table; page size and pagination above and below the table.
 * Fieldwork dates are hidden when the element is narrower than 900 px.
 *
 * @element gaze-study-list
 * @csspart study-list - The whole list.
 * @csspart toolbar - Search, filter toggle and Create Study.
 * @csspart search - The search box.
 * @csspart filter-toggle - The button showing and hiding the filters.
 * @csspart filters - The filters.
 * @csspart create-study - The 'Create Study' link.
 * @csspart controls - Page size and pagination (above and below the table).
 * @csspart page-size - The page-size selector.
 * @csspart pagination - The pagination.
 * @csspart table - The table.
 * @csspart participants - A 'Participants Returned' cell.
 */
export const GazeStudyListElement = defineElement('gaze-study-list', StudyList);

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-study-list': { attributes: CommonAttributes; events: CommonEvents };
  }
}
