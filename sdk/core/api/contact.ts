import type { ContactBody, MessageResponse } from '../../../contract/feedback';
import { request, type ApiConfig } from './client';

export async function sendContact(api: ApiConfig, email: string, message: string): Promise<void> {
  const body: ContactBody = { email, message };
  await request<MessageResponse>(api, { method: 'POST', url: '/contact-us', data: body });
}
