// Messages to the provider: the feedback widget and the contact form (server/routes/feedback).
import { Type, type Static } from 'typebox';
import { defineOperation, Nullable, Ok, SIGNED_IN, Text } from './common.js';

export const FEEDBACK_MAX = 512;

export const FeedbackBody = Type.Object({ message: Text(FEEDBACK_MAX) });
export type FeedbackBody = Static<typeof FeedbackBody>;
export const ContactBody = Type.Object({
  email: Text(254),
  message: Type.Optional(Nullable(Text(10_000))),
});
export type ContactBody = Static<typeof ContactBody>;
export const MessageResponse = Ok({});
export type MessageResponse = Static<typeof MessageResponse>;

const feedbackSpec = {
  method: 'POST',
  description: `message is required (not blank) and at most ${FEEDBACK_MAX} characters. Answers {success:true}.`,
  tags: ['messages'],
  access: 'write',
  roles: SIGNED_IN,
  body: FeedbackBody,
  response: { 200: MessageResponse },
} as const;

export const sendFeedback = defineOperation({
  ...feedbackSpec,
  operationId: 'sendFeedback',
  path: '/v1.0/dashboard-feedback',
  summary: 'Send an idea from the feedback widget',
});

/** The legacy client posts the feedback widget's message to the API host's root, without /v1.0. */
export const sendFeedbackLegacy = defineOperation({
  ...feedbackSpec,
  operationId: 'sendFeedbackLegacy',
  path: '/dashboard-feedback',
  summary: 'Send an idea from the feedback widget (legacy path, outside /v1.0)',
});

export const contactUs = defineOperation({
  operationId: 'contactUs',
  method: 'POST',
  path: '/v1.0/contact-us',
  summary: 'Send a message from the contact form',
  description: 'email is required and must be an e-mail address (400 with errors.email "Enter a valid e-mail address, e.g. name@example.com"); message is free text. Answers {success:true}.',
  tags: ['messages'],
  access: 'write',
  roles: SIGNED_IN,
  body: ContactBody,
  response: { 200: MessageResponse },
});

export const operations = { sendFeedback, sendFeedbackLegacy, contactUs };
