import { defineElement } from '../define';
import { Contact } from './Contact';
import type { CommonAttributes, CommonEvents } from '../registry';

/** <gaze-contact>: contact-us form. */
/**
 * Contact-us form: e-mail and message; a green 'Success' after sending.
 *
 * @element gaze-contact
 * @csspart card - The card around the form.
 * @csspart form - The form.
 * @csspart field - One labelled field.
 * @csspart button - A button.
 * @csspart success - The 'Success' message.
 * @csspart error - The server's refusal of what was typed (a 400), naming the field.
 */
export const GazeContactElement = defineElement('gaze-contact', Contact);

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-contact': { attributes: CommonAttributes; events: CommonEvents };
  }
}
