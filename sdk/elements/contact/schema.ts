import * as yup from 'yup';

export const REQUIRED = 'Required';
export const INVALID_CONTACT_EMAIL = 'Enter a valid e-mail address, like name@example.com';

/** The server's rule (server/routes/common.ts isEmail): something@domain.tld, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail required (D1-044) and shaped like an address, so the server's 400 is not the first word on it. */
export const contactSchema = yup.object({
  email: yup.string().trim().required(REQUIRED).max(254, INVALID_CONTACT_EMAIL).matches(EMAIL_SHAPE, INVALID_CONTACT_EMAIL),
  message: yup.string(),
});
