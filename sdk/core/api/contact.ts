import { api } from './client';

export async function sendContact(email: string, message: string): Promise<void> {
  await api.post('/contact-us', { email, message });
}
