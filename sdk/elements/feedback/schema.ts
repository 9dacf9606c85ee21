import * as yup from 'yup';
import { FEEDBACK_MAX } from '../../core/feedback/feedback';

export const REQUIRED = 'Required';
export const TOO_LONG = 'Too Long!';

/** Message required, at most 512 characters (D1-054/055). */
export const feedbackSchema = yup.object({
  message: yup.string().trim().required(REQUIRED).max(FEEDBACK_MAX, TOO_LONG),
});
