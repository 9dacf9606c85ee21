// Contact us (D1-043..049): one write. A failure is stored (the entry's error), never displayed.
import { sendContact as postContact } from '../api/contact';
import { createMutation } from '../resource/mutation';

export interface ContactMessage {
  email: string;
  message: string;
}

export const sendContact = createMutation<ContactMessage, void>({
  name: 'contact/send',
  run: (api, m) => postContact(api, m.email, m.message),
});
