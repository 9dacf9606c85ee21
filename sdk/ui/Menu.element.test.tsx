import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { Menu } from './Menu';
import { Modal } from './Modal';
import { afterEach, describe, focused, it, mount, press, q, qa, unmountAll, type Mounted } from './test-utils';

function Harness({ log }: { log: string[] }) {
  return (
    <Menu
      label="Actions"
      items={[
        { id: 'edit', label: 'Edit', onSelect: () => log.push('edit') },
        { id: 'duplicate', label: 'Duplicate', onSelect: () => log.push('duplicate') },
        { id: 'archive', label: 'Archive', disabled: true, onSelect: () => log.push('archive') },
        { id: 'delete', label: 'Delete', onSelect: () => log.push('delete') },
      ]}
    />
  );
}

const button = (m: Mounted) => q<HTMLButtonElement>(m, '[aria-haspopup="menu"]');
const focusedText = (m: Mounted) => focused(m)?.textContent;

describe('Menu (keyboard)', () => {
  afterEach(() => unmountAll());

  it('Enter opens on the first item; arrows wrap and skip disabled items; Home/End jump; Escape returns focus', async () => {
    const m = await mount(<Harness log={[]} />);
    button(m).focus();
    expect(button(m).getAttribute('aria-expanded')).to.equal('false');
    await press('Enter');
    const menu = q(m, '[role="menu"]');
    expect(button(m).getAttribute('aria-expanded')).to.equal('true');
    expect(menu.getAttribute('aria-labelledby')).to.equal(button(m).id);
    expect(qa(m, '[role="menuitem"]').map((i) => i.textContent)).to.deep.equal(['Edit', 'Duplicate', 'Archive', 'Delete']);
    expect(focusedText(m)).to.equal('Edit');
    await press('ArrowDown');
    expect(focusedText(m)).to.equal('Duplicate');
    await press('ArrowDown');
    expect(focusedText(m), 'disabled Archive skipped').to.equal('Delete');
    await press('ArrowDown');
    expect(focusedText(m), 'wraps to the top').to.equal('Edit');
    await press('ArrowUp');
    expect(focusedText(m), 'wraps to the bottom').to.equal('Delete');
    await press('Home');
    expect(focusedText(m)).to.equal('Edit');
    await press('End');
    expect(focusedText(m)).to.equal('Delete');
    await press('d');
    expect(focusedText(m), 'type-ahead').to.equal('Duplicate');
    await press('Escape');
    expect(qa(m, '[role="menu"]')).to.have.length(0);
    expect(button(m).getAttribute('aria-expanded')).to.equal('false');
    expect(focused(m)).to.equal(button(m));
  });

  it('ArrowUp opens on the last item; Space and Enter activate, close and refocus the button', async () => {
    const log: string[] = [];
    const m = await mount(<Harness log={log} />);
    button(m).focus();
    await press('ArrowUp');
    expect(focusedText(m)).to.equal('Delete');
    await press('Space');
    expect(log).to.deep.equal(['delete']);
    expect(qa(m, '[role="menu"]')).to.have.length(0);
    expect(focused(m)).to.equal(button(m));
    await press('Space');
    expect(focusedText(m), 'Space on the button opens the menu').to.equal('Edit');
    await press('ArrowDown');
    await press('Enter');
    expect(log).to.deep.equal(['delete', 'duplicate']);
    expect(focused(m)).to.equal(button(m));
    expect(qa(m, '[role="menu"]')).to.have.length(0);
  });

  it('Tab closes the menu and moves on; a click outside closes it', async () => {
    const m = await mount(
      <>
        <Harness log={[]} />
        <button type="button" id="after">
          After
        </button>
      </>,
    );
    button(m).focus();
    await press('Enter');
    await press('Tab');
    expect(qa(m, '[role="menu"]')).to.have.length(0);
    button(m).click();
    await press('Escape');
    button(m).click();
    await new Promise((r) => setTimeout(r, 0));
    expect(qa(m, '[role="menu"]')).to.have.length(1);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await new Promise((r) => setTimeout(r, 20));
    expect(qa(m, '[role="menu"]')).to.have.length(0);
  });

  it('Escape in a menu inside a dialog closes only the menu', async () => {
    let closed = 0;
    function InDialog() {
      const [open, setOpen] = useState(true);
      return (
        <Modal open={open} title="Study" onClose={() => (closed++, setOpen(false))}>
          <Harness log={[]} />
        </Modal>
      );
    }
    const m = await mount(<InDialog />);
    button(m).focus();
    await press('Enter');
    await press('Escape');
    expect(qa(m, '[role="menu"]')).to.have.length(0);
    expect(qa(m, '[role="dialog"]')).to.have.length(1);
    expect(closed).to.equal(0);
    await press('Escape');
    expect(qa(m, '[role="dialog"]')).to.have.length(0);
  });
});
