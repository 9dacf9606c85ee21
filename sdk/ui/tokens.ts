// Theme tokens: every colour, font and radius is a --gaze-* custom property with a default, so a
// host themes every element from outside the shadow root (custom properties inherit through it).
// THEME is also the source of the cssProperties in the custom-elements manifest; no imports here
// so the build can read it without loading styled-components.

export interface ThemeProperty {
  property: `--gaze-${string}`;
  default: string;
  description: string;
}

export const THEME = {
  primary: { property: '--gaze-primary', default: '#00badb', description: 'Primary colour: buttons, links, highlights.' },
  primaryText: { property: '--gaze-primary-text', default: '#ffffff', description: 'Text on the primary colour.' },
  text: { property: '--gaze-text', default: '#1f2933', description: 'Body text colour.' },
  muted: { property: '--gaze-muted', default: '#6b7785', description: 'Secondary text colour.' },
  surface: { property: '--gaze-surface', default: '#ffffff', description: 'Background of cards, panels and dialogs.' },
  border: { property: '--gaze-border', default: '#d5dbe1', description: 'Border colour.' },
  success: { property: '--gaze-success', default: '#2e9e44', description: 'Success messages.' },
  danger: { property: '--gaze-danger', default: '#d93b3b', description: 'Errors.' },
  radius: { property: '--gaze-radius', default: '4px', description: 'Corner radius.' },
  font: { property: '--gaze-font', default: '"Roboto", "Helvetica Neue", Arial, sans-serif', description: 'Font family.' },
  fontSize: { property: '--gaze-font-size', default: '14px', description: 'Base font size.' },
  shadow: { property: '--gaze-shadow', default: '0 2px 12px rgba(0, 0, 0, 0.15)', description: 'Shadow of floating panels and menus.' },
} satisfies Record<string, ThemeProperty>;

/** `var(--gaze-x, default)` per token, for styles. */
export const tokens = Object.fromEntries(
  Object.entries(THEME).map(([key, t]) => [key, `var(${t.property}, ${t.default})`]),
) as { readonly [K in keyof typeof THEME]: string };
