// Contact us (D1-043..049): one write. The error is stored (the entry's error and its HTTP status);
// the form shows a 400 (what was typed was refused), nothing for other failures (D1-048).
import { sendContact as postContact } from '../api/contact';
import { errorFields, errorMessage } from '../api/client';
import { createMutation } from '../resource/mutation';

export interface ContactMessage {
  email: string;
  message: string;
}

const FIELD_NAMES: Record<string, string> = { email: 'E-mail', message: 'Message' };

/** 'Validation failed' alone says nothing to a person: name the fields the server refused. */
export function contactErrorText(error: unknown): string {
  const parts = Object.entries(errorFields(error)).map(([k, v]) => `${FIELD_NAMES[k] ?? k} ${v}`);
  return parts.length ? `${parts.join('; ')}.` : errorMessage(error);
}

export const sendContact = createMutation<ContactMessage, void>({
  name: 'contact/send',
  run: (api, m) => postContact(api, m.email, m.message),
  errorText: contactErrorText,
});
