import { defineElement } from '../define';
import { StudyTabs } from './StudyTabs';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The three-tab bar of a study's pages: 'Study Specific Stims', 'Edit Study Details', 'Edit
 * Study Structure' (links; a plain click emits gaze-navigate). Hides when the page is scrolled
 * down more than 10 px and comes back near the top. Put it above a study page's element.
 *
 * @element gaze-study-tabs
 * @attr {string} study-id - The study the tabs lead to (required; nothing renders without it).
 * @attr {string} active - The current page: stims, details or structure.
 * @fires {{ path: string }} gaze-navigate - A tab was followed.
 * @csspart study-tabs - The bar.
 * @csspart tab - One tab link.
 */
export const GazeStudyTabsElement = defineElement('gaze-study-tabs', StudyTabs, { props: { studyId: 'string', active: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-study-tabs': { attributes: CommonAttributes & { 'study-id': string; active?: 'stims' | 'details' | 'structure' }; events: CommonEvents };
  }
}
