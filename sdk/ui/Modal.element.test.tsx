import { expect } from '@open-wc/testing';
import { useRef, useState } from 'react';
import { Modal } from './Modal';
import { ConfirmDialog } from './ConfirmDialog';
import { afterEach, byText, describe, focused, it, mount, press, q, qa, shiftTab, unmountAll, type Mounted } from './test-utils';

function WithModal({ chosenFocus }: { chosenFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const save = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open filters
      </button>
      <Modal open={open} title="Filters" onClose={() => setOpen(false)} initialFocus={chosenFocus ? save : undefined}>
        <label>
          Name <input id="name" />
        </label>
        <label>
          Age <input id="age" />
        </label>
        <button type="button" ref={save} id="save">
          Save
        </button>
        <button type="button" id="close" onClick={() => setOpen(false)}>
          Close
        </button>
      </Modal>
    </>
  );
}

const id = (m: Mounted) => (focused(m) as HTMLElement | null)?.id;

describe('Modal (keyboard)', () => {
  afterEach(() => unmountAll());

  it('renders in the shadow root as a labelled modal dialog; focus starts on the first field and Tab/Shift+Tab stay inside', async () => {
    const m = await mount(<WithModal />);
    const opener = byText<HTMLButtonElement>(m, 'button', 'Open filters');
    opener.focus();
    await press('Enter');
    const dialog = q(m, '[role="dialog"]');
    expect(dialog.getRootNode()).to.equal(m.root);
    expect(document.body.querySelector('[role="dialog"]')).to.equal(null);
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    const title = m.root.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).to.equal('Filters');
    expect(id(m)).to.equal('name');
    await press('Tab');
    expect(id(m)).to.equal('age');
    await press('Tab');
    expect(id(m)).to.equal('save');
    await press('Tab');
    expect(id(m)).to.equal('close');
    await press('Tab');
    expect(id(m), 'Tab from the last control wraps to the first').to.equal('name');
    await shiftTab();
    expect(id(m), 'Shift+Tab from the first wraps to the last').to.equal('close');
    await shiftTab();
    expect(id(m)).to.equal('save');
  });

  it('Escape closes and focus returns to the opener; a chosen element can take the initial focus', async () => {
    const m = await mount(<WithModal chosenFocus />);
    const opener = byText<HTMLButtonElement>(m, 'button', 'Open filters');
    opener.focus();
    await press('Space');
    expect(id(m)).to.equal('save');
    await press('Escape');
    expect(qa(m, '[role="dialog"]')).to.have.length(0);
    expect(focused(m)).to.equal(opener);
    await press('Enter');
    await press('Tab');
    await press('Enter');
    expect(qa(m, '[role="dialog"]'), 'the Close button').to.have.length(0);
    expect(focused(m)).to.equal(opener);
  });
});

function WithConfirm({ log }: { log: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete study
      </button>
      <ConfirmDialog
        open={open}
        title="Delete this study?"
        message="Its results are removed for good."
        confirmLabel="Delete"
        danger
        onConfirm={() => (log.push('confirm'), setOpen(false))}
        onCancel={() => (log.push('cancel'), setOpen(false))}
      />
    </>
  );
}

describe('ConfirmDialog (keyboard)', () => {
  afterEach(() => unmountAll());

  it('opens as a labelled, described alertdialog with focus on Cancel; Tab cycles the two buttons; Escape cancels', async () => {
    const log: string[] = [];
    const m = await mount(<WithConfirm log={log} />);
    const opener = byText<HTMLButtonElement>(m, 'button', 'Delete study');
    opener.focus();
    await press('Enter');
    const dialog = q(m, '[role="alertdialog"]');
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(m.root.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).to.equal('Delete this study?');
    expect(m.root.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).to.equal('Its results are removed for good.');
    expect(focused(m)?.textContent).to.equal('Cancel');
    await press('Tab');
    expect(focused(m)?.textContent).to.equal('Delete');
    await press('Tab');
    expect(focused(m)?.textContent).to.equal('Cancel');
    await press('Escape');
    expect(log).to.deep.equal(['cancel']);
    expect(focused(m)).to.equal(opener);
  });

  it('Enter on the confirm button confirms and focus returns to the opener', async () => {
    const log: string[] = [];
    const m = await mount(<WithConfirm log={log} />);
    const opener = byText<HTMLButtonElement>(m, 'button', 'Delete study');
    opener.focus();
    await press('Enter');
    await shiftTab();
    expect(focused(m)?.textContent).to.equal('Delete');
    await press('Enter');
    expect(log).to.deep.equal(['confirm']);
    expect(qa(m, '[role="alertdialog"]')).to.have.length(0);
    expect(focused(m)).to.equal(opener);
  });

  it('a confirm opened from a modal: Escape closes the confirm alone, then the modal', async () => {
    function Nested() {
      const [modal, setModal] = useState(true);
      const [confirm, setConfirm] = useState(false);
      return (
        <Modal open={modal} title="Edit" onClose={() => setModal(false)}>
          <button type="button" onClick={() => setConfirm(true)}>
            Remove
          </button>
          <ConfirmDialog open={confirm} title="Remove?" message="Sure?" onConfirm={() => setConfirm(false)} onCancel={() => setConfirm(false)} />
        </Modal>
      );
    }
    const m = await mount(<Nested />);
    expect(focused(m)?.textContent).to.equal('Remove');
    await press('Enter');
    expect(qa(m, '[role="alertdialog"]')).to.have.length(1);
    await press('Escape');
    expect(qa(m, '[role="alertdialog"]')).to.have.length(0);
    expect(qa(m, '[role="dialog"]')).to.have.length(1);
    expect(focused(m)?.textContent, 'focus back on the button that opened the confirm').to.equal('Remove');
    await press('Escape');
    expect(qa(m, '[role="dialog"]')).to.have.length(0);
  });
});
