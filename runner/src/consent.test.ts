// Issue 41 item 1: the runner's consent screen — the study's text paragraph by paragraph, the
// respondent's reference (to quote in a request), and one answer: agree or decline.
import { describe, expect, it } from 'vitest';
import { CONSENT_AGREE, CONSENT_DECLINE, consentScreen } from './consent';

const TEXT = 'This study is run by Acme.\n\nWhat we measure: where you look.\n\n\nTaking part is voluntary.';

describe('the consent screen (issue 41)', () => {
  it('shows each paragraph of the text, the reference, and both answers', () => {
    const { box } = consentScreen(TEXT, 'P-17', false);
    expect([...box.querySelectorAll('p.gb-text')].map((p) => p.textContent)).toEqual([
      'This study is run by Acme.', 'What we measure: where you look.', 'Taking part is voluntary.',
    ]);
    expect(box.querySelector('.gb-reference')?.textContent).toBe('Your reference: P-17');
    expect(box.querySelector('.gb-agree')?.textContent).toBe(CONSENT_AGREE);
    expect(box.querySelector('.gb-decline')?.textContent).toBe(CONSENT_DECLINE);
    expect(box.getAttribute('aria-labelledby')).toBe(box.querySelector('h1')?.id);
  });

  it('agreeing answers true once, and both buttons are then disabled', async () => {
    const view = consentScreen(TEXT, 'P-1', false);
    const agree = view.box.querySelector<HTMLButtonElement>('.gb-agree')!;
    agree.click();
    await expect(view.choice).resolves.toBe(true);
    expect(agree.disabled).toBe(true);
    expect(view.box.querySelector<HTMLButtonElement>('.gb-decline')!.disabled).toBe(true);
  });

  it('declining answers false; after a failed send the respondent may answer again', async () => {
    const view = consentScreen(TEXT, 'P-2', true);
    expect(view.box.textContent).toContain('Test session');
    view.box.querySelector<HTMLButtonElement>('.gb-decline')!.click();
    await expect(view.choice).resolves.toBe(false);
    const again = view.retry('No connection: please try again.');
    expect(view.box.querySelector('[role="status"]')?.textContent).toBe('No connection: please try again.');
    view.box.querySelector<HTMLButtonElement>('.gb-agree')!.click();
    await expect(again).resolves.toBe(true);
  });
});
