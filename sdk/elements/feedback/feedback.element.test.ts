import { expect } from '@open-wc/testing';
import './feedback.element';
import { getStore } from '../../core/store/store';
import { sendFeedback } from '../../core/feedback/feedback';
import { TOAST_DURATION_FEEDBACK } from '../../ui';
import { $, buttonByText, byLabel, mount, pageApi, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';

async function openPanel(el: HTMLElement) {
  buttonByText(el, 'Ideas form').click();
  await waitForText(el, 'Give us ideas for new features!');
}

describe('<gaze-feedback>', () => {
  beforeEach(() => resetPage('/api'));

  it('D1-050 D1-051 D1-052 D1-053 floating Ideas form button opens the titled panel', async () => {
    const el = await mount('gaze-feedback');
    const trigger = buttonByText(el, 'Ideas form');
    expect(getComputedStyle(trigger).position).to.equal('fixed');
    expect(text(el)).not.to.contain('Give us ideas for new features!');
    await openPanel(el);
    expect(byLabel(el, 'I think the dashboard could be improved by...')).to.exist;
    expect(buttonByText(el, 'Submit Feedback')).to.exist;
  });

  it('issue 38: docked, the button is in the flow (covers nothing); the open panel takes focus and Escape closes it, focus back on the button', async () => {
    const el = await mount('gaze-feedback', { docked: 'true' });
    const trigger = buttonByText(el, 'Ideas form');
    expect(getComputedStyle(trigger).position).to.equal('static');
    trigger.focus();
    trigger.click();
    await waitForText(el, 'Give us ideas for new features!');
    const field = byLabel(el, 'I think the dashboard could be improved by...');
    await waitFor(() => el.shadowRoot!.activeElement === field, 'focus in the message field');
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitFor(() => !text(el).includes('Give us ideas for new features!'), 'panel closed');
    expect(el.shadowRoot!.activeElement).to.equal(trigger);
  });

  it('D1-054 message is Required', async () => {
    const http = stubHttp();
    const el = await mount('gaze-feedback');
    await openPanel(el);
    buttonByText(el, 'Submit Feedback').click();
    await waitForText(el, 'Required');
    expect(http.requests).to.have.length(0);
  });

  it('D1-055 more than 512 characters is Too Long!; 512 is accepted', async () => {
    const http = stubHttp();
    const el = await mount('gaze-feedback');
    await openPanel(el);
    const field = byLabel(el, 'I think the dashboard could be improved by...');
    typeInto(field, 'x'.repeat(513));
    buttonByText(el, 'Submit Feedback').click();
    await waitForText(el, 'Too Long!');
    expect(http.requests).to.have.length(0);
    typeInto(field, 'x'.repeat(512));
    await waitFor(() => !text(el).includes('Too Long!'), 'message cleared');
    buttonByText(el, 'Submit Feedback').click();
    await waitFor(() => http.requests.length === 1, 'sent');
    expect((http.requests[0].body as { message: string }).message).to.have.length(512);
  });

  it('D1-056 D1-057 D1-058 sends {message}, resets and closes, success toast', async () => {
    const http = stubHttp(() => ({ data: { success: true } }));
    const el = await mount('gaze-feedback');
    await openPanel(el);
    typeInto(byLabel(el, 'I think the dashboard could be improved by...'), 'More charts');
    buttonByText(el, 'Submit Feedback').click();
    await waitForText(el, 'Thank you for your feedback');
    expect(http.requests[0].method).to.equal('POST');
    expect(http.requests[0].url).to.equal('/api/dashboard-feedback');
    expect(http.requests[0].body).to.deep.equal({ message: 'More charts' });
    expect(text(el)).not.to.contain('Give us ideas for new features!');
    expect($(el, '[part="toast"]')!.textContent).to.equal('Thank you for your feedback');
    await openPanel(el);
    expect(byLabel(el, 'I think the dashboard could be improved by...').value).to.equal('');
  });

  it('D1-059 failure toast "Uh Oh! Something went wrong"', async () => {
    stubHttp(() => ({ status: 500, data: { success: false, message: 'x' } }));
    const el = await mount('gaze-feedback');
    await openPanel(el);
    typeInto(byLabel(el, 'I think the dashboard could be improved by...'), 'Idea');
    buttonByText(el, 'Submit Feedback').click();
    await waitForText(el, 'Uh Oh! Something went wrong');
    expect($(el, '[part="toast"]')!.getAttribute('data-kind')).to.equal('error');
  });

  it('D1-060 the toast closes itself after its 4000 ms duration', async () => {
    const el = await mount('gaze-feedback');
    expect(TOAST_DURATION_FEEDBACK).to.equal(4000);
    // Drive the toast's timer with a patched setTimeout instead of waiting 4 s of wall clock.
    const timers: { fn: () => void; ms: number }[] = [];
    const orig = window.setTimeout;
    (window as unknown as { setTimeout: unknown }).setTimeout = (fn: () => void, ms: number) => {
      if (ms === TOAST_DURATION_FEEDBACK) {
        timers.push({ fn, ms });
        return 0;
      }
      return orig(fn, ms);
    };
    try {
      stubHttp();
      getStore().dispatch(sendFeedback.actions.run({ api: pageApi(), args: 'An idea' }));
      await waitForText(el, 'Thank you for your feedback');
      await waitFor(() => timers.length > 0, 'toast timer');
    } finally {
      window.setTimeout = orig;
    }
    expect(timers[0].ms).to.equal(4000);
    timers[0].fn();
    await waitFor(() => !text(el).includes('Thank you for your feedback'), 'toast gone');
    expect($(el, '[part="toast"]')).to.equal(null);
  });
});
