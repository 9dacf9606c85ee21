import type { ContactState } from './slice';

type S = { contact: ContactState };

export const selectContactSending = (s: S) => s.contact.sending;
export const selectContactSuccess = (s: S) => s.contact.success;
export const selectContactError = (s: S) => s.contact.error;
