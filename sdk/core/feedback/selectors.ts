import type { FeedbackState } from './slice';

type S = { feedback: FeedbackState };

export const selectFeedbackSending = (s: S) => s.feedback.sending;
export const selectFeedbackToast = (s: S) => s.feedback.toast;
