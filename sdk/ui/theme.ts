// The global style of every element's shadow root; the tokens themselves are in tokens.ts.
import { createGlobalStyle } from 'styled-components';
import { THEME, tokens } from './tokens';

export { THEME, tokens, CHART_PALETTE } from './tokens';

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
