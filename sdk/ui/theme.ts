// Theme tokens: every colour, font and radius is a --gaze-* custom property with a default, so a
// host themes every element from outside the shadow root (custom properties inherit through it).
import { createGlobalStyle } from 'styled-components';

export const tokens = {
  primary: 'var(--gaze-primary, #00badb)',
  primaryText: 'var(--gaze-primary-text, #ffffff)',
  text: 'var(--gaze-text, #1f2933)',
  muted: 'var(--gaze-muted, #6b7785)',
  surface: 'var(--gaze-surface, #ffffff)',
  border: 'var(--gaze-border, #d5dbe1)',
  success: 'var(--gaze-success, #2e9e44)',
  danger: 'var(--gaze-danger, #d93b3b)',
  radius: 'var(--gaze-radius, 4px)',
  font: 'var(--gaze-font, "Roboto", "Helvetica Neue", Arial, sans-serif)',
  fontSize: 'var(--gaze-font-size, 14px)',
  shadow: 'var(--gaze-shadow, 0 2px 12px rgba(0, 0, 0, 0.15))',
} as const;

/** Defaults on :host (the values a host overrides), plus a box-sizing reset inside the shadow root. */
export const GazeGlobalStyle = createGlobalStyle`
  :host {
    --gaze-primary: #00badb;
    display: block;
    font-family: ${tokens.font};
    font-size: ${tokens.fontSize};
    color: ${tokens.text};
    line-height: 1.4;
  }
  :host([hidden]) { display: none; }
  *, *::before, *::after { box-sizing: border-box; }
`;
