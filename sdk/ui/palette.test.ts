// theme="light|dark" (issue 20 item 3): the palettes, their contrast, and how a theme value names one.
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { PALETTES, THEME } from './tokens';
import { paletteDeclarations, paletteOf } from './theme';

describe('palettes', () => {
  it('light is exactly the defaults; both palettes set the same colour tokens, each a --gaze-* property', () => {
    for (const [k, v] of Object.entries(PALETTES.light)) expect(v, k).toBe(THEME[k as keyof typeof THEME].default);
    expect(Object.keys(PALETTES.dark).sort()).toEqual(Object.keys(PALETTES.light).sort());
  });

  it('dark keeps every text colour at 4.5:1 where it is used', () => {
    const p = PALETTES.dark;
    const pairs: [string, string, string][] = [
      ['text on surface', p.text, p.surface], ['text on quiet surface', p.text, p.surfaceAlt],
      ['muted on surface', p.muted, p.surface], ['muted on quiet surface', p.muted, p.surfaceAlt],
      ['links on surface', p.primaryStrong, p.surface], ['links on quiet surface', p.primaryStrong, p.surfaceAlt],
      ['labels on the primary fill', p.primaryText, p.primary], ['errors on surface', p.danger, p.surface],
      ['success on surface', p.success, p.surface], ['labels on the danger fill', p.dangerText, p.danger],
    ];
    for (const [what, fg, bg] of pairs) expect(contrastRatio(fg, bg), what).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(PALETTES.light.dangerText, PALETTES.light.danger)).toBeGreaterThanOrEqual(4.5);
  });

  it('a theme value names a palette by a bare word, alone or before overrides', () => {
    expect(paletteOf('dark')).toBe('dark');
    expect(paletteOf('primary: #7a3cff; Dark ; radius: 8px')).toBe('dark');
    expect(paletteOf('light')).toBe('light');
    expect(paletteOf('primary: #7a3cff')).toBeNull();
    expect(paletteOf('darkish')).toBeNull();
    expect(paletteOf(null)).toBeNull();
    // A provider's palette comes first in a layered theme, the element's own after it: the element's wins.
    expect(paletteOf('dark; light')).toBe('light');
    const css = paletteDeclarations('dark');
    expect(css).toContain('--gaze-surface: #161b22;');
    expect(css).toContain('--gaze-danger-text: #1a0505;');
    expect(css).toContain('color-scheme: dark;');
  });
});
