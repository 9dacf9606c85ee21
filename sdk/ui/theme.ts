// The global style of every element's shadow root; the tokens themselves are in tokens.ts.
import { createGlobalStyle } from 'styled-components';
import { THEME, tokens } from './tokens';

export { THEME, tokens } from './tokens';

/** Defaults on :host (the values a host overrides), plus a box-sizing reset inside the shadow root. */
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
  *, *::before, *::after { box-sizing: border-box; }
  a { color: ${tokens.primary}; }
`;
