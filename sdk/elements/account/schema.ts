import * as yup from 'yup';

// No bounds are given for the profile (D1-038); only the e-mail's shape is checked, since a
// failed save is silent (D1-042) and the server rejects a malformed address.
export const INVALID_EMAIL = 'Invalid email address';

export const profileSchema = yup.object({
  first_name: yup.string(),
  last_name: yup.string(),
  location: yup.string(),
  job_title: yup.string(),
  phone_number: yup.string(),
  email: yup.string().email(INVALID_EMAIL),
});
