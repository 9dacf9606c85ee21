import { defineElement } from '../define';
import { Feedback } from './Feedback';

/** <gaze-feedback>: floating 'Ideas form' button and panel. */
export const GazeFeedbackElement = defineElement('gaze-feedback', Feedback);
