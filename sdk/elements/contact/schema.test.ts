import { describe, expect, it } from 'vitest';
import { contactSchema } from './schema';

describe('contact schema', () => {
  it('D1-044 e-mail required, message free text', async () => {
    await expect(contactSchema.validate({ email: '', message: 'hi' })).rejects.toThrow('Required');
    await expect(contactSchema.validate({ email: 'a@b.co', message: '' })).resolves.toBeTruthy();
    await expect(contactSchema.validate({ email: 'a@b.co', message: 'x'.repeat(5000) })).resolves.toBeTruthy();
  });
});
