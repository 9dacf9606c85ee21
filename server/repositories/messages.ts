// Messages users send to the provider: feedback-widget ideas and the contact form.
import type { Db } from '../db/client.js';
import { contactMessage, dashboardFeedback } from '../db/schema/index.js';

export interface Sender {
  companyId: number;
  userId: number;
}

export async function saveFeedback(db: Db, from: Sender, message: string): Promise<number> {
  const [row] = await db.insert(dashboardFeedback).values({ ...from, message }).returning({ id: dashboardFeedback.id });
  return row.id;
}

export async function saveContactMessage(db: Db, from: Sender, email: string, message: string): Promise<number> {
  const [row] = await db.insert(contactMessage).values({ ...from, email, message }).returning({ id: contactMessage.id });
  return row.id;
}
