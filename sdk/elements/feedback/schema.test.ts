import { describe, expect, it } from 'vitest';
import { feedbackSchema } from './schema';

describe('feedback schema', () => {
  it('D1-054 message is Required', async () => {
    await expect(feedbackSchema.validate({ message: '' })).rejects.toThrow('Required');
  });
  it('D1-055 at most 512 characters, else Too Long!', async () => {
    await expect(feedbackSchema.validate({ message: 'x'.repeat(512) })).resolves.toBeTruthy();
    await expect(feedbackSchema.validate({ message: 'x'.repeat(513) })).rejects.toThrow('Too Long!');
  });
});

describe('feedback schema (blank)', () => {
  it('D1-054 a blank message is Required too (the server rejects it)', async () => {
    await expect(feedbackSchema.validate({ message: '   ' })).rejects.toThrow('Required');
  });
});
