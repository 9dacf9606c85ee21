import { request, type ApiConfig } from './client';

export async function sendContact(api: ApiConfig, email: string, message: string): Promise<void> {
  await request(api, { method: 'POST', url: '/contact-us', data: { email, message } });
}
