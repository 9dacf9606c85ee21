// Theme tokens: every colour, font, spacing and radius is a --gaze-* custom property with a
// default, so a host themes every element from outside the shadow root (custom properties inherit
// through it). THEME is also the source of the cssProperties in the custom-elements manifest; no
// imports here so the build can read it without loading styled-components.
//
// Contrast (checked in contrast.test.ts, WCAG 2.x): every text colour below reaches 4.5:1 on the
// surface. #00badb itself only reaches 2.3:1 on white, so it is kept for fills, borders and
// accents; text and links in the brand hue use the darker `primaryStrong`, and text on a
// #00badb fill is dark (`primaryText`), not white.

export interface ThemeProperty {
  property: `--gaze-${string}`;
  default: string;
  description: string;
}

export const THEME = {
  primary: { property: '--gaze-primary', default: '#00badb', description: 'Primary colour: button fills, highlights, focus accents.' },
  primaryText: { property: '--gaze-primary-text', default: '#0b2a33', description: 'Text on the primary colour (dark: white on #00badb is 2.3:1).' },
  primaryStrong: { property: '--gaze-primary-strong', default: '#00738a', description: 'Links and text in the primary hue (5.5:1 on white).' },
  text: { property: '--gaze-text', default: '#1f2933', description: 'Body text colour.' },
  muted: { property: '--gaze-muted', default: '#5f6b78', description: 'Secondary text colour.' },
  surface: { property: '--gaze-surface', default: '#ffffff', description: 'Background of cards, panels and dialogs.' },
  surfaceAlt: { property: '--gaze-surface-alt', default: '#f2f4f6', description: 'Background of hovered rows, read-only fields and quiet panels.' },
  border: { property: '--gaze-border', default: '#d5dbe1', description: 'Border colour.' },
  success: { property: '--gaze-success', default: '#1e7b34', description: 'Success messages.' },
  danger: { property: '--gaze-danger', default: '#c62828', description: 'Errors and destructive actions.' },
  dangerText: { property: '--gaze-danger-text', default: '#ffffff', description: 'Text on the danger colour (destructive buttons).' },
  radius: { property: '--gaze-radius', default: '4px', description: 'Corner radius of controls.' },
  radiusLg: { property: '--gaze-radius-lg', default: '8px', description: 'Corner radius of cards, dialogs and toasts.' },
  space1: { property: '--gaze-space-1', default: '4px', description: 'Spacing step 1 (tight gaps).' },
  space2: { property: '--gaze-space-2', default: '8px', description: 'Spacing step 2 (control padding, small gaps).' },
  space3: { property: '--gaze-space-3', default: '12px', description: 'Spacing step 3 (between controls).' },
  space4: { property: '--gaze-space-4', default: '16px', description: 'Spacing step 4 (between groups).' },
  space5: { property: '--gaze-space-5', default: '24px', description: 'Spacing step 5 (card and dialog padding).' },
  font: { property: '--gaze-font', default: '"Roboto", "Helvetica Neue", Arial, sans-serif', description: 'Font family (the one stack of every element).' },
  fontSize: { property: '--gaze-font-size', default: '14px', description: 'Base font size.' },
  shadow: { property: '--gaze-shadow', default: '0 2px 12px rgba(0, 0, 0, 0.15)', description: 'Shadow of floating panels and menus.' },
} satisfies Record<string, ThemeProperty>;

/** The colour tokens a palette sets (sizes, spacing, radii and the font stay the host's). */
export type PaletteToken = 'primary' | 'primaryText' | 'primaryStrong' | 'text' | 'muted' | 'surface' | 'surfaceAlt' | 'border' | 'success' | 'danger' | 'dangerText' | 'shadow';
export type PaletteName = 'light' | 'dark';

/**
 * The palettes of `theme="light|dark"` (on an element or its <gaze-provider>): light is the
 * defaults; dark keeps the brand fill and the same 4.5:1 rule against its own surfaces
 * (theme.test.ts). A host's --gaze-* properties still win over a palette.
 */
export const PALETTES: Record<PaletteName, Record<PaletteToken, string>> = {
  light: {
    primary: THEME.primary.default, primaryText: THEME.primaryText.default, primaryStrong: THEME.primaryStrong.default,
    text: THEME.text.default, muted: THEME.muted.default, surface: THEME.surface.default, surfaceAlt: THEME.surfaceAlt.default,
    border: THEME.border.default, success: THEME.success.default, danger: THEME.danger.default, dangerText: THEME.dangerText.default,
    shadow: THEME.shadow.default,
  },
  dark: {
    primary: '#00badb', primaryText: '#0b2a33', primaryStrong: '#5fd8ee',
    text: '#e8ecf0', muted: '#a6b1bd', surface: '#161b22', surfaceAlt: '#222a33',
    border: '#3b4652', success: '#5fce7d', danger: '#ff7b72', dangerText: '#1a0505',
    shadow: '0 2px 14px rgba(0, 0, 0, 0.6)',
  },
};

/** `var(--gaze-x, default)` per token, for styles. */
export const tokens = Object.fromEntries(
  Object.entries(THEME).map(([key, t]) => [key, `var(${t.property}, ${t.default})`]),
) as { readonly [K in keyof typeof THEME]: string };

/**
 * Series colours of every chart (D3-282: 15 colours), starting with the primary colour. Fills,
 * not text: chart labels use the text colour.
 */
export const CHART_PALETTE = [
  '#00badb', '#f28e2b', '#6f4e9c', '#59a14f', '#e15759',
  '#edc948', '#1f5f8b', '#ff9da7', '#9c755f', '#76b7b2',
  '#b07aa1', '#8cd17d', '#bab0ac', '#d37295', '#4e79a7',
] as const;

/**
 * Series that a reader must tell apart line by line (survival curves; issue 37 item 6): the
 * Okabe–Ito colours, which stay distinct under the common colour-vision deficiencies, without
 * their yellow (too faint on white) and with a mid grey for their black (seen on both palettes).
 * Each series also gets its own dash style, so no series is told apart by colour alone.
 */
export const SAFE_SERIES_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#d55e00', '#56b4e9', '#7f7f7f'] as const;
/** Highcharts dash styles, one per series (8 of them: with 7 colours, 56 series before a pair repeats). */
export const SERIES_DASHES = ['Solid', 'Dash', 'ShortDot', 'DashDot', 'LongDash', 'Dot', 'LongDashDot', 'ShortDashDotDot'] as const;
/** The colour and dash of series i. */
export const seriesStyle = (i: number) => ({ color: SAFE_SERIES_COLOURS[i % SAFE_SERIES_COLOURS.length], dashStyle: SERIES_DASHES[i % SERIES_DASHES.length] });

