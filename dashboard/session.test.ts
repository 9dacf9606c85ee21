import { beforeEach, describe, expect, it } from 'vitest';
import { markLoggedOut, rememberReturnTo, takeLoggedOut, takeReturnTo } from './session';

describe('host session memory', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('D1-014 returns the remembered address with its query once, then /', () => {
    rememberReturnTo('/my_studies?page=2#top');
    expect(takeReturnTo()).toBe('/my_studies?page=2#top');
    expect(takeReturnTo()).toBe('/');
  });

  it('never returns to an external or public address', () => {
    rememberReturnTo('//evil.example/x');
    expect(takeReturnTo()).toBe('/');
    rememberReturnTo('/login');
    expect(takeReturnTo()).toBe('/');
    rememberReturnTo('/signout');
    expect(takeReturnTo()).toBe('/');
  });

  it('D1-036 the logged-out flag survives clearing localStorage and is read once', () => {
    markLoggedOut();
    localStorage.clear();
    expect(takeLoggedOut()).toBe(true);
    expect(takeLoggedOut()).toBe(false);
  });
});
