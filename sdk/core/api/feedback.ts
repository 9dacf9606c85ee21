import { request, type ApiConfig } from './client';

export async function sendFeedback(api: ApiConfig, message: string): Promise<void> {
  await request(api, { method: 'POST', url: '/dashboard-feedback', data: { message } });
}
