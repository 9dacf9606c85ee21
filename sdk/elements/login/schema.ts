import * as yup from 'yup';

export const REQUIRED = 'Required';

export const loginSchema = yup.object({
  username: yup.string().trim().required(REQUIRED),
  password: yup.string().required(REQUIRED),
});

export const forgotSchema = yup.object({
  email: yup.string(),
});
