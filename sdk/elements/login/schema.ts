import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../../../contract/values/auth';

export const REQUIRED = 'Required';

export const loginSchema = yup.object({
  username: yup.string().trim().required(REQUIRED),
  password: yup.string().required(REQUIRED),
});

export const forgotSchema = yup.object({
  email: yup.string(),
});

/** Under the new-password field: the rule the server applies (contract/auth.ts passwordProblem). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, no space at either end, not your username.`;
export const PASSWORDS_DIFFER = 'The two passwords differ';

/** The reset page: the server's password rule, checked as the user types (the username is the server's to check). */
export const resetSchema = yup.object({
  password: yup.string().required(REQUIRED).test('rule', (value, ctx) => {
    const problem = passwordProblem(value ?? '');
    return problem ? ctx.createError({ message: problem }) : true;
  }),
  confirm: yup.string().required(REQUIRED).oneOf([yup.ref('password')], PASSWORDS_DIFFER),
});
