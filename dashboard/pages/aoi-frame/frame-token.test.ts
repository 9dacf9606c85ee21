// Issue 39: how the framed AOI editor learns the framing client's token and its stim.
import { describe, expect, it } from 'vitest';
import { TOKEN_MESSAGE, editorTarget, fragmentWithoutToken, tokenFromFragment, tokenFromMessage } from './frame-token';

const TOKEN = '3f9a1c0d5e7b4a2c9d8e6f1a0b3c5d7e';

describe('framed AOI editor sign-in', () => {
  it('takes the token from the fragment only, and removes it from the address', () => {
    expect(tokenFromFragment(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromFragment(`#view=1&token=${TOKEN}`)).toBe(TOKEN);
    expect(fragmentWithoutToken(`#token=${TOKEN}`)).toBe('');
    expect(fragmentWithoutToken(`#view=1&token=${TOKEN}`)).toBe('#view=1');
    for (const bad of ['', '#', '#token=', '#token=a b', '#token=<script>', `#tok=${TOKEN}`, `#token=${'x'.repeat(600)}`]) {
      expect(tokenFromFragment(bad), bad).toBeNull();
    }
  });

  it('accepts a parent message only in its own shape', () => {
    expect(tokenFromMessage({ type: TOKEN_MESSAGE, token: TOKEN })).toBe(TOKEN);
    for (const bad of [null, 'token', { token: TOKEN }, { type: 'other', token: TOKEN }, { type: TOKEN_MESSAGE, token: 42 }, { type: TOKEN_MESSAGE, token: 'a b' }]) {
      expect(tokenFromMessage(bad)).toBeNull();
    }
  });

  it('reads the legacy addresses: study stims and batch stims by ?stimulus_id=', () => {
    expect(editorTarget('/stimuli/stimulus/feature-editor/', '?stimulus_id=12')).toEqual({ stimId: '12', type: 'stim' });
    expect(editorTarget('/stimuli/tpstimulus/tpstimuli-feature-editor/', '?stimulus_id=3')).toEqual({ stimId: '3', type: 'batch' });
    for (const q of ['', '?stimulus_id=', '?stimulus_id=0', '?stimulus_id=1x', '?stimulus_id=-1', '?id=12']) {
      expect(editorTarget('/stimuli/stimulus/feature-editor/', q), q).toBeNull();
    }
  });
});
