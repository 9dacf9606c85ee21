// The mail job: sends one notification of the outbox (notification_outbox) by SMTP. Queued by
// routes/study after the transaction that wrote the notification commits, only when SMTP_URL is
// set (and by routes/auth for password reset links: account mail, no study, whose text is removed
// from the outbox once handled). Idempotent: a notification already sent is not sent again; a failure is recorded on the
// row and thrown so pg-boss retries it with back-off; after the last retry the row stays 'failed'.
import nodemailer, { type Transporter } from 'nodemailer';
import { defineJob } from './define.js';
import { loadConfig } from '../config.js';
import { markOutbox, outboxItem } from '../repositories/study-management.js';
import { redactAccountMail } from '../repositories/password-reset.js';

export interface MailJobData {
  outboxId: number;
}

export const MAIL_RETRY_LIMIT = 5;

const transports = new Map<string, Transporter>();
function transport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) transports.set(url, (t = nodemailer.createTransport(url)));
  return t;
}

export const mailNotificationJob = defineJob<MailJobData>('mail-notification', async (ctx) => {
  const item = await outboxItem(ctx.db, ctx.data.outboxId);
  if (!item || item.status === 'sent') return { skipped: true };
  const { smtpUrl, mailFrom } = loadConfig();
  if (!smtpUrl) {
    // SMTP was switched off after queueing: the outbox row is the record.
    await markOutbox(ctx.db, item.id, { status: 'recorded' });
    if (item.studyId == null) await redactAccountMail(ctx.db, item.id);
    return { skipped: true };
  }
  try {
    const info = await transport(smtpUrl).sendMail({ from: mailFrom, to: item.email, subject: item.subject, text: item.body });
    await markOutbox(ctx.db, item.id, { status: 'sent', sentAt: new Date(), lastError: null, attempt: true });
    // A reset link (account mail, no study) must not outlive its delivery in the outbox.
    if (item.studyId == null) await redactAccountMail(ctx.db, item.id);
    return { messageId: info.messageId };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const last = ctx.attempt > MAIL_RETRY_LIMIT;
    await markOutbox(ctx.db, item.id, { status: last ? 'failed' : 'pending', lastError: message.slice(0, 500), attempt: true });
    if (last && item.studyId == null) await redactAccountMail(ctx.db, item.id);
    throw err;
  }
}, { retryLimit: MAIL_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
