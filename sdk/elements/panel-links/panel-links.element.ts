import { defineElement } from '../define';
import { PanelLinks } from './PanelLinks';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * A study's take-study links: 'Test links' and 'Live links' tables, our own panel first, then
 * each panel; one row per cell (and 'Any cell'), each with a copy button.
 *
 * @element gaze-panel-links
 * @attr {string} study-id - The study (required).
 * @csspart panel-links - The whole block.
 * @csspart links-table - A table.
 */
export const GazePanelLinksElement = defineElement('gaze-panel-links', PanelLinks, { props: { studyId: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-panel-links': { attributes: CommonAttributes & { 'study-id': string }; events: CommonEvents };
  }
}
