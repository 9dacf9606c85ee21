import { defineElement } from '../define';
import { Login } from './Login';
import type { CommonAttributes, CommonEvents } from '../registry';
import type { User } from '../../core/api/user';

/**
 * Sign-in surface. `view="login"` (default): username, password, 'Sign In'. `view="forgot"`:
 * recover-password form (logs only). `view="request"`: how to request a login.
 *
 * @element gaze-login
 * @attr {'login' | 'forgot' | 'request'} [view='login'] - Which of the three views to show.
 * @attr {string} contact-email - Address shown on the request-login view (a mailto link).
 * @fires {{ user: User }} gaze-signed-in - After a successful sign-in started from this form.
 * @csspart card - The card around the form.
 * @csspart form - The form.
 * @csspart field - One labelled field.
 * @csspart button - A button.
 * @csspart toggle - The show/hide password button.
 * @csspart error - A validation or sign-in error.
 */
export const GazeLoginElement = defineElement('gaze-login', Login, {
  props: { view: 'string', contactEmail: 'string' },
});

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-login': { attributes: CommonAttributes & { view?: 'login' | 'forgot' | 'request'; 'contact-email'?: string }; events: CommonEvents & { 'gaze-signed-in': { user: User } } };
  }
}
