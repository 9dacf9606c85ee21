import { defineElement } from '../define';
import { Account } from './Account';
import type { CommonAttributes, CommonEvents } from '../registry';

/** <gaze-account>: the signed-in user's profile form. */
/**
 * The signed-in user's profile form (company name read-only).
 *
 * @element gaze-account
 * @csspart card - The card around the form.
 * @csspart form - The form.
 * @csspart field - One labelled field.
 * @csspart button - A button.
 * @csspart loading - 'Loading your profile…' while the form waits for the profile (nothing can be edited or saved before it).
 * @csspart error - A profile that could not be loaded, with 'Try again'.
 * @csspart users - The table of the company's users (company administrators), each with a password reset.
 */
export const GazeAccountElement = defineElement('gaze-account', Account);

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-account': { attributes: CommonAttributes; events: CommonEvents };
  }
}
