import type { FeedbackBody, MessageResponse } from '../../../contract/feedback';
import { request, type ApiConfig } from './client';

export async function sendFeedback(api: ApiConfig, message: string): Promise<void> {
  const body: FeedbackBody = { message };
  await request<MessageResponse>(api, { method: 'POST', url: '/dashboard-feedback', data: body });
}
