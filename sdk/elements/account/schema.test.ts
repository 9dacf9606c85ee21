import { describe, expect, it } from 'vitest';
import { profileSchema, INVALID_EMAIL } from './schema';

describe('profile schema', () => {
  it('D1-038 no bounds on the profile fields; e-mail shape checked', async () => {
    const long = 'x'.repeat(2000);
    await expect(
      profileSchema.validate({ first_name: long, last_name: '', location: '', job_title: long, phone_number: '', email: '' }),
    ).resolves.toBeTruthy();
    await expect(profileSchema.validate({ email: 'not-an-email' })).rejects.toThrow(INVALID_EMAIL);
  });
});
