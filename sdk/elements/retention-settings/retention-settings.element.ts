import { defineElement } from '../define';
import { RetentionSettings } from './RetentionSettings';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The acting company's retention periods for raw gaze and for completed studies' respondent data
 * (issue 41); company administrators change them, everyone else reads them.
 *
 * @element gaze-retention-settings
 * @csspart retention - The card.
 * @csspart button - The Save button.
 */
export const GazeRetentionSettingsElement = defineElement('gaze-retention-settings', RetentionSettings);

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-retention-settings': { attributes: CommonAttributes; events: CommonEvents };
  }
}
