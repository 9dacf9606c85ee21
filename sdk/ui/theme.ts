// The global style of every element's shadow root; the tokens themselves are in tokens.ts.
import { createGlobalStyle } from 'styled-components';
import { PALETTES, THEME, tokens, type PaletteName } from './tokens';

export { THEME, tokens, CHART_PALETTE, PALETTES } from './tokens';
export type { PaletteName } from './tokens';

const kebab = (key: string) => `--gaze-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * The palette a `theme` value names: its last `;`-separated word that is `light` or `dark`
 * (`theme="dark; primary: #7a3cff"`), null when none. Last, like the overrides (later
 * declarations win): a layered theme puts the provider's first and the element's own after it.
 */
export function paletteOf(theme: string | null | undefined): PaletteName | null {
  let found: PaletteName | null = null;
  for (const part of (theme ?? '').split(';')) {
    const word = part.trim().toLowerCase();
    if (word === 'light' || word === 'dark') found = word;
  }
  return found;
}

/**
 * Declarations for :host of a named palette: every colour token, `color-scheme` (native controls
 * and scrollbars follow) and the element's own background and text, so a dark element on a light
 * page is readable as a whole.
 */
export function paletteDeclarations(name: PaletteName): string {
  const colours = Object.entries(PALETTES[name]).map(([k, v]) => `${kebab(k)}: ${v};`).join(' ');
  return `${colours} color-scheme: ${name}; background-color: ${tokens.surface}; color: ${tokens.text};`;
}

/**
 * Defaults on :host (the values a host overrides), a box-sizing reset inside the shadow root,
 * links in the strong primary (4.5:1 on white) and one visible focus ring for every control.
 */
export const GazeGlobalStyle = createGlobalStyle`
  :host {
    --gaze-primary: ${THEME.primary.default};
    display: block;
    font-family: ${tokens.font};
    font-size: ${tokens.fontSize};
    color: ${tokens.text};
    line-height: 1.4;
  }
  :host([hidden]) { display: none; }
  /* Highcharts 13 colours its charts with --highcharts-* variables (light-dark() of the visitor's
     OS scheme): mapped to our tokens here, so charts follow the element's theme and palette, never
     the OS. :host(:not(._)) outranks the :host rule the shadow-palette fix gives Highcharts' own. */
  :host(:not(._)) {
    --highcharts-background-color: ${tokens.surface};
    --highcharts-neutral-color-100: ${tokens.text};
    --highcharts-neutral-color-80: ${tokens.text};
    --highcharts-neutral-color-60: ${tokens.muted};
    --highcharts-neutral-color-40: ${tokens.muted};
    --highcharts-neutral-color-20: ${tokens.border};
    --highcharts-neutral-color-10: ${tokens.border};
    --highcharts-neutral-color-5: ${tokens.surfaceAlt};
    --highcharts-neutral-color-3: ${tokens.surfaceAlt};
    --highcharts-highlight-color-100: ${tokens.primaryStrong};
    --highcharts-highlight-color-80: ${tokens.primaryStrong};
    --highcharts-highlight-color-60: ${tokens.primary};
    --highcharts-highlight-color-20: ${tokens.surfaceAlt};
    --highcharts-highlight-color-10: ${tokens.surfaceAlt};
  }
  *, *::before, *::after { box-sizing: border-box; }
  a { color: ${tokens.primaryStrong}; }
  :focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: 2px; }
  .gaze-visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px;
    margin: -1px; padding: 0; border: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
