import { defineElement } from '../define';
import { Login } from './Login';
import type { CommonAttributes, CommonEvents } from '../registry';
import type { User } from '../../core/api/user';

/**
 * Sign-in surface. `view="login"` (default): username, password, 'Sign In'. `view="forgot"`:
 * recover-password form (asks the server to e-mail a reset link; one answer for every address).
 * `view="request"`: how to request a login. `view="reset"`: set a new password with the `reset-token`
 * of a reset link.
 *
 * @element gaze-login
 * @attr {'login' | 'forgot' | 'request' | 'reset'} [view='login'] - Which of the four views to show.
 * @attr {string} reset-token - The reset view: the token of the reset link (`token` is the API credential every element shares).
 * @attr {string} contact-email - Address shown on the request-login view (a mailto link).
 * @fires {{ user: User }} gaze-signed-in - After a successful sign-in started from this form.
 * @csspart card - The card around the form.
 * @csspart form - The form.
 * @csspart field - One labelled field.
 * @csspart button - A button.
 * @csspart toggle - The show/hide password button.
 * @csspart error - A validation or sign-in error.
 * @csspart hint - A field's rule (the new password's).
 * @csspart success - The answer of a reset request or a changed password.
 */
export const GazeLoginElement = defineElement('gaze-login', Login, {
  props: { view: 'string', contactEmail: 'string', resetToken: 'string' },
});

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-login': { attributes: CommonAttributes & { view?: 'login' | 'forgot' | 'request' | 'reset'; 'contact-email'?: string; 'reset-token'?: string }; events: CommonEvents & { 'gaze-signed-in': { user: User } } };
  }
}
