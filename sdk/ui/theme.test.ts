import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { CHART_PALETTE, THEME } from './tokens';

const d = (k: keyof typeof THEME) => THEME[k].default;

describe('theme', () => {
  it('D1-004 the primary colour stays #00badb and opens the chart palette', () => {
    expect(d('primary')).toBe('#00badb');
    expect(CHART_PALETTE[0]).toBe('#00badb');
    expect(CHART_PALETTE).toHaveLength(15);
  });

  it('contrast ratio matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #00badb on white is why it is not a text colour.
    expect(contrastRatio('#00badb', '#ffffff')).toBeLessThan(3);
  });

  it('every text colour reaches 4.5:1 where it is used', () => {
    const pairs: [string, keyof typeof THEME, keyof typeof THEME][] = [
      ['body text on the surface', 'text', 'surface'],
      ['body text on the quiet surface', 'text', 'surfaceAlt'],
      ['secondary text on the surface', 'muted', 'surface'],
      ['secondary text on the quiet surface', 'muted', 'surfaceAlt'],
      ['links on the surface', 'primaryStrong', 'surface'],
      ['links on the quiet surface', 'primaryStrong', 'surfaceAlt'],
      ['button labels on the primary fill', 'primaryText', 'primary'],
      ['errors on the surface', 'danger', 'surface'],
      ['success messages on the surface', 'success', 'surface'],
      ['the surface colour as text on the tooltip (text colour)', 'surface', 'text'],
    ];
    for (const [what, fg, bg] of pairs) {
      expect(contrastRatio(d(fg), d(bg)), what).toBeGreaterThanOrEqual(4.5);
    }
    // White labels on the danger button.
    expect(contrastRatio('#ffffff', d('danger'))).toBeGreaterThanOrEqual(4.5);
  });

  it('spacing and radius are --gaze-* custom properties; one font stack', () => {
    for (const k of ['space1', 'space2', 'space3', 'space4', 'space5', 'radius', 'radiusLg'] as const) {
      expect(THEME[k].property).toMatch(/^--gaze-/);
      expect(THEME[k].default).toMatch(/^\d+px$/);
    }
    expect(Object.values(THEME).filter((t) => t.property.includes('font') && !t.property.includes('size'))).toHaveLength(1);
  });
});
