import { describe, expect, it } from 'vitest';
import { isStudyId } from './StudyPage';

describe('study ids in routes (issue 10 item 6)', () => {
  it('accepts the decimal ids the API accepts, nothing else', () => {
    for (const ok of ['1', '43', '2147483647']) expect(isStudyId(ok), ok).toBe(true);
    for (const bad of [undefined, '', '0', '043', '43.0', ' 43', '0x2b', '-1', 'abc', '1e3', '2147483648', '99999999999']) {
      expect(isStudyId(bad), String(bad)).toBe(false);
    }
  });
});
