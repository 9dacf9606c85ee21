import * as yup from 'yup';

export const REQUIRED = 'Required';

/** E-mail required, message free text (D1-044). */
export const contactSchema = yup.object({
  email: yup.string().trim().required(REQUIRED),
  message: yup.string(),
});
