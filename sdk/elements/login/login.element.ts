import { defineElement } from '../define';
import { Login } from './Login';

/** <gaze-login view="login|forgot|request" contact-email="…"> */
export const GazeLoginElement = defineElement('gaze-login', Login, {
  props: { view: 'string', contactEmail: 'string' },
});
