import { describe, expect, it } from 'vitest';
import { contactSchema, INVALID_CONTACT_EMAIL } from './schema';

describe('contact schema', () => {
  it('D1-044 e-mail required, message free text', async () => {
    await expect(contactSchema.validate({ email: '', message: 'hi' })).rejects.toThrow('Required');
    await expect(contactSchema.validate({ email: 'a@b.co', message: '' })).resolves.toBeTruthy();
    await expect(contactSchema.validate({ email: 'a@b.co', message: 'x'.repeat(5000) })).resolves.toBeTruthy();
  });
});

describe('contact e-mail format (issue 10 item 2)', () => {
  it('refuses what the server refuses, with a clear message', async () => {
    for (const bad of ['not-an-email', 'a@b', 'a b@c.co', '@example.com', 'name@', `${'x'.repeat(250)}@b.co`]) {
      await expect(contactSchema.validate({ email: bad, message: '' })).rejects.toThrow(INVALID_CONTACT_EMAIL);
    }
    await expect(contactSchema.validate({ email: '  ada@example.com ', message: '' })).resolves.toBeTruthy();
  });
});
