import { defineElement } from '../define';
import { Feedback } from './Feedback';
import type { CommonAttributes, CommonEvents } from '../registry';

/** <gaze-feedback>: floating 'Ideas form' button and panel. */
/**
 * Floating 'Ideas form' button and feedback panel (place once per page).
 *
 * @element gaze-feedback
 * @attr {boolean} [docked=false] - In the page's flow (e.g. a header) instead of floating over the page's bottom-right corner, so it never covers the page's own controls (the dashboard docks it).
 * @csspart trigger - The 'Ideas form' button.
 * @csspart panel - The feedback panel.
 * @csspart form - The form.
 * @csspart field - The message field.
 * @csspart button - A button.
 * @csspart toast - The outcome toast.
 */
export const GazeFeedbackElement = defineElement('gaze-feedback', Feedback, { props: { docked: 'boolean' } });

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-feedback': { attributes: CommonAttributes & { docked?: boolean }; events: CommonEvents };
  }
}
