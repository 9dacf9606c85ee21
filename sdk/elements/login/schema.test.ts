import { describe, expect, it } from 'vitest';
import { loginSchema } from './schema';
import { LOGIN_FAILED_TEXT } from './Login';

const errors = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, v: unknown) =>
  schema.validate(v, { abortEarly: false }).then(() => [], (e: { inner: { path: string; message: string }[] }) => e.inner.map((i) => `${i.path}:${i.message}`));

describe('login schema', () => {
  it('D1-023 D1-024 username and password are Required', async () => {
    expect(await errors(loginSchema, { username: '', password: '' })).toEqual(['username:Required', 'password:Required']);
    expect(await errors(loginSchema, { username: '   ', password: 'x' })).toEqual(['username:Required']);
    expect(await errors(loginSchema, { username: 'ada', password: 'x' })).toEqual([]);
  });
  it('D1-027 displayed failure text', () => {
    expect(LOGIN_FAILED_TEXT).toBe('Invalid username or password');
  });
});
