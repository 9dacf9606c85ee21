import { describe, expect, it } from 'vitest';
import { cellColour, cellErrors, cellTitle, isValidUrl, matchesSearch, stepTitle, stepTone, STEP_CHOICES, urlPreview } from './logic';

describe('step board rules', () => {
  it('D2-079 D2-080 D2-121 truncation: cell title 19 (18 + ...), step name 30, URL 24', () => {
    expect(cellTitle('x'.repeat(19))).toBe('x'.repeat(19));
    expect(cellTitle('x'.repeat(20))).toBe(`${'x'.repeat(18)}...`);
    expect(stepTitle('s'.repeat(30))).toBe('s'.repeat(30));
    expect(stepTitle('s'.repeat(31))).toBe(`${'s'.repeat(30)}...`);
    expect(urlPreview('https://example.com/abcdefghij')).toBe('https://example.com/abcd...');
  });

  it('D2-068 D2-077 colours: 15-colour palette by position; orange, green and teal step cards', () => {
    expect(new Set(Array.from({ length: 15 }, (_, i) => cellColour(i))).size).toBe(15);
    expect(cellColour(15)).toBe(cellColour(0));
    expect(['cache', 'stim', 'embedded'].map(stepTone)).toEqual(['orange', 'orange', 'orange']);
    expect(['external', 'question'].map(stepTone)).toEqual(['green', 'green']);
    expect(['instruction', 'validation', 'calibration', 'command'].map(stepTone)).toEqual(['teal', 'teal', 'teal', 'teal']);
  });

  it('D2-111 ten choices in three groups, each with an explanation', () => {
    expect(STEP_CHOICES.map((g) => [g.title, g.choices.map((c) => c.label)])).toEqual([
      ['Control steps', ['Command', 'Instruction', 'Validation', 'Calibration']],
      ['Stim steps', ['Cache Page', 'Stim', 'New Stim', 'Embedded']],
      ['Question steps', ['Question', 'External']],
    ]);
    expect(STEP_CHOICES.flatMap((g) => g.choices).every((c) => c.hint.length > 10)).toBe(true);
  });

  it('D2-126 search is case-insensitive on the name, instruction_name for instructions', () => {
    expect(matchesSearch({ id: 1, name: 'Leaderboard' }, 'stim', 'LEADER')).toBe(true);
    expect(matchesSearch({ id: 1, name: 'x', instruction_name: 'Welcome' }, 'instruction', 'welc')).toBe(true);
    expect(matchesSearch({ id: 1, name: 'Leaderboard' }, 'stim', 'banner')).toBe(false);
  });

  it('D2-102 D2-103 new cell: required, at most 100 / 20', () => {
    expect(cellErrors({ cellName: '', shortName: '' })).toEqual({ cellName: '* required', shortName: '* required' });
    expect(cellErrors({ cellName: 'x'.repeat(101), shortName: 'y'.repeat(21) })).toEqual({ cellName: 'Too Long!', shortName: 'Too Long!' });
    expect(cellErrors({ cellName: 'x'.repeat(100), shortName: 'y'.repeat(20) })).toEqual({});
  });

  it('D2-122 URL: http, https, ftp; no private, loopback or link-local host', () => {
    for (const ok of ['https://example.com', 'http://sub.example.co.uk/x?y=1', 'ftp://files.example.org/a', 'https://8.8.8.8/']) expect(isValidUrl(ok), ok).toBe(true);
    for (const bad of ['example.com', 'javascript:alert(1)', 'http://localhost:3000', 'http://127.0.0.1', 'http://10.0.0.1', 'http://172.20.0.1',
      'http://192.168.1.1', 'http://169.254.169.254', 'http://[::1]/', 'http://[fe80::1]/', 'http://intranet', 'file:///etc/passwd', 'http://a b.com']) {
      expect(isValidUrl(bad), bad).toBe(false);
    }
  });
});
