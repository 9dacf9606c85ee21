import { expect } from '@open-wc/testing';
import { Toast } from './Toast';
import { afterEach, describe, focused, it, mount, press, q, unmountAll } from './test-utils';

describe('Toast (keyboard)', () => {
  afterEach(() => unmountAll());

  it('errors are alerts, other kinds status; the dismiss button closes by keyboard; the text is only the message', async () => {
    let closed = 0;
    const m = await mount(
      <>
        <button type="button" id="start">
          Start
        </button>
        <Toast text="Uh Oh! Something went wrong" kind="error" duration={null} onClose={() => closed++} />
      </>,
    );
    const toast = q(m, '[part="toast"]');
    expect(toast.getAttribute('role')).to.equal('alert');
    expect(toast.textContent).to.equal('Uh Oh! Something went wrong');
    expect(getComputedStyle(toast).position).to.equal('fixed');
    q(m, '#start').focus();
    await press('Tab');
    expect(focused(m)?.getAttribute('aria-label')).to.equal('Dismiss');
    await press('Enter');
    expect(closed).to.equal(1);
    await m.render(<Toast text="Saved" kind="success" onClose={() => {}} />);
    expect(q(m, '[part="toast"]').getAttribute('role')).to.equal('status');
  });

  it('issue 38: several messages are listed apart; a worded dismiss (OK); inline, it stays in the flow', async () => {
    let closed = 0;
    const m = await mount(<Toast text={['Stim Name is required', 'Brand is required']} kind="error" duration={null} dismissText="OK" inline onClose={() => closed++} />);
    const toast = q(m, '[part="toast"]');
    expect([...toast.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Stim Name is required', 'Brand is required']);
    expect(getComputedStyle(toast).position).to.equal('static');
    const ok = q(m, '[part="toast-dismiss"]') as HTMLButtonElement;
    expect(ok.textContent).to.equal('OK');
    ok.click();
    expect(closed).to.equal(1);
  });
});
