import { api } from './client';

export async function sendFeedback(message: string): Promise<void> {
  await api.post('/dashboard-feedback', { message });
}
