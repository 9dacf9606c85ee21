// The ideas form (D1-050..060): one write; the element turns each outcome into a toast.
import { sendFeedback as postFeedback } from '../api/feedback';
import { createMutation } from '../resource/mutation';

export const FEEDBACK_MAX = 512;
export const FEEDBACK_SUCCESS = 'Thank you for your feedback';
export const FEEDBACK_FAILURE = 'Uh Oh! Something went wrong';

export const sendFeedback = createMutation<string, void>({
  name: 'feedback/send',
  run: postFeedback,
});
