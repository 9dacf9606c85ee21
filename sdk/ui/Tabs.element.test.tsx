import { expect } from '@open-wc/testing';
import { Tabs } from './Tabs';
import { Tooltip } from './Tooltip';
import { afterEach, describe, focused, hover, it, mount, press, q, qa, shiftTab, unmountAll, type Mounted } from './test-utils';
import { sendMouse } from '@web/test-runner-commands';

const tabs = [
  { id: 'pies', label: 'Pies', content: <p>Pie charts</p> },
  { id: 'table', label: 'Table', content: <p>Rows</p> },
  { id: 'raw', label: 'Raw', content: <p>Raw data</p>, disabled: true },
  { id: 'export', label: 'Export', content: <button type="button">Download</button> },
];

const selectedTab = (m: Mounted) => q(m, '[role="tab"][aria-selected="true"]');

describe('Tabs (keyboard)', () => {
  afterEach(() => unmountAll());

  it('one tab stop; arrows move and select (wrapping, skipping disabled); Home/End; the panel is labelled by its tab', async () => {
    const seen: string[] = [];
    const m = await mount(
      <>
        <button type="button" id="start">
          Start
        </button>
        <Tabs label="Views" tabs={tabs} onChange={(id) => seen.push(id)} />
      </>,
    );
    expect(q(m, '[role="tablist"]').getAttribute('aria-label')).to.equal('Views');
    expect(qa(m, '[role="tab"]').map((t) => t.tabIndex)).to.deep.equal([0, -1, -1, -1]);
    q(m, '#start').focus();
    await press('Tab');
    expect(focused(m)?.textContent).to.equal('Pies');
    await press('ArrowRight');
    expect(focused(m)?.textContent).to.equal('Table');
    expect(selectedTab(m).textContent).to.equal('Table');
    expect(qa(m, '[role="tab"]').map((t) => t.tabIndex)).to.deep.equal([-1, 0, -1, -1]);
    const panel = q(m, '[role="tabpanel"]');
    expect(m.root.getElementById(panel.getAttribute('aria-labelledby')!)?.textContent).to.equal('Table');
    expect(selectedTab(m).getAttribute('aria-controls')).to.equal(panel.id);
    expect(panel.textContent).to.equal('Rows');
    await press('ArrowRight');
    expect(focused(m)?.textContent, 'disabled Raw skipped').to.equal('Export');
    await press('ArrowRight');
    expect(focused(m)?.textContent, 'wraps').to.equal('Pies');
    await press('ArrowLeft');
    expect(focused(m)?.textContent, 'wraps back').to.equal('Export');
    await press('Home');
    expect(selectedTab(m).textContent).to.equal('Pies');
    await press('End');
    expect(selectedTab(m).textContent).to.equal('Export');
    await press('Tab');
    expect(focused(m)?.getAttribute('role'), 'Tab leaves the tab list for the panel').to.equal('tabpanel');
    await press('Tab');
    expect(focused(m)?.textContent).to.equal('Download');
    expect(seen).to.deep.equal(['table', 'export', 'pies', 'export', 'pies', 'export']);
  });
});

describe('Tooltip (keyboard and hover)', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    unmountAll();
  });

  it('shows on focus, describes its trigger, hides on Escape (focus stays) and on blur', async () => {
    const m = await mount(
      <div style={{ padding: 60 }}>
        <button type="button" id="start">
          Start
        </button>
        <Tooltip content="Study locked">
          <button type="button" id="lock">
            🔒
          </button>
        </Tooltip>
      </div>,
    );
    const tip = q(m, '[role="tooltip"]');
    const trigger = q(m, '#lock');
    expect(trigger.getAttribute('aria-describedby')).to.equal(tip.id);
    expect(tip.textContent).to.equal('Study locked');
    expect(tip.hidden).to.equal(true);
    q(m, '#start').focus();
    await press('Tab');
    expect(focused(m)).to.equal(trigger);
    expect(tip.hidden).to.equal(false);
    expect(tip.getBoundingClientRect().height).to.be.greaterThan(0);
    await press('Escape');
    expect(tip.hidden).to.equal(true);
    expect(focused(m), 'Escape does not move focus').to.equal(trigger);
    await press('Tab');
    await shiftTab();
    expect(tip.hidden).to.equal(false);
    await press('Tab');
    expect(tip.hidden, 'hidden once focus leaves').to.equal(true);
  });

  it('shows on hover and hides when the pointer leaves', async () => {
    const m = await mount(
      <div style={{ padding: 60 }}>
        <Tooltip content="Study unlocked" delay={0}>
          <button type="button">🔓</button>
        </Tooltip>
      </div>,
    );
    const tip = q(m, '[role="tooltip"]');
    await hover(q(m, 'button'));
    expect(tip.hidden).to.equal(false);
    await sendMouse({ type: 'move', position: [5, 5] });
    await new Promise((r) => setTimeout(r, 50));
    expect(tip.hidden).to.equal(true);
  });
});
