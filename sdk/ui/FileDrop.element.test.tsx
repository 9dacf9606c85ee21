import { expect } from '@open-wc/testing';
import { FileDrop } from './FileDrop';
import { Stepper } from './Stepper';
import type { FileRejection } from './fileAccept';
import { afterEach, describe, focused, it, mount, press, q, qa, unmountAll, waitFor } from './test-utils';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
function filesOf(...files: File[]): FileList {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  return dt.files;
}

describe('FileDrop (keyboard)', () => {
  afterEach(() => unmountAll());

  it('the Browse button is reachable by Tab and Enter opens the file chooser', async () => {
    const m = await mount(
      <>
        <button type="button" id="start">
          Start
        </button>
        <FileDrop label="Upload stimuli" accept="image/*" onFiles={() => {}} />
      </>,
    );
    const input = q<HTMLInputElement>(m, 'input[type="file"]');
    let chooserOpened = 0;
    // A real chooser would block the headless browser: count the click and stop it there.
    input.addEventListener('click', (e) => {
      chooserOpened++;
      e.preventDefault();
    });
    q(m, '#start').focus();
    await press('Tab');
    expect(focused(m)?.textContent).to.equal('Browse…');
    expect(input.tabIndex, 'the hidden input is not a second tab stop').to.equal(-1);
    await press('Enter');
    expect(chooserOpened).to.equal(1);
    await press('Space');
    expect(chooserOpened).to.equal(2);
    expect(q(m, '[role="group"]').getAttribute('aria-labelledby')).to.be.a('string');
  });

  it('takes chosen and dropped files that fit accept/maxSize/multiple and refuses the rest with a message', async () => {
    const got: string[][] = [];
    const refused: FileRejection[][] = [];
    const m = await mount(
      <FileDrop label="Upload" accept="image/*,.csv" maxSize={1024} multiple onFiles={(f) => got.push(f.map((x) => x.name))} onReject={(r) => refused.push(r)} />,
    );
    const input = q<HTMLInputElement>(m, 'input[type="file"]');
    expect(input.accept).to.equal('image/*,.csv');
    expect(input.multiple).to.equal(true);
    input.files = filesOf(file('a.png', 'image/png', 10), file('b.exe', 'application/octet-stream', 10), file('c.csv', 'text/csv', 4096));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => got.length === 1, 'accepted files');
    expect(got).to.deep.equal([['a.png']]);
    expect(refused[0].map((r) => r.file.name)).to.deep.equal(['b.exe', 'c.csv']);
    const alert = await waitFor(() => m.root.querySelector('[role="alert"]'), 'rejection message');
    expect(Array.from(alert.querySelectorAll('li')).map((l) => l.textContent)).to.deep.equal([
      'b.exe: this file type is not accepted (image/*,.csv).',
      'c.csv: larger than 1 KB.',
    ]);

    const zone = q(m, '[role="group"]');
    const dt = new DataTransfer();
    dt.items.add(file('d.jpg', 'image/jpeg', 100));
    zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
    await waitFor(() => zone.getAttribute('data-dragging') === 'true', 'drag highlight');
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    await waitFor(() => got.length === 2, 'dropped file');
    expect(got[1]).to.deep.equal(['d.jpg']);
    expect(qa(m, '[role="alert"]'), 'the old message is cleared').to.have.length(0);
  });

  it('single-file mode refuses the second file', async () => {
    const got: string[][] = [];
    const m = await mount(<FileDrop label="Logo" onFiles={(f) => got.push(f.map((x) => x.name))} />);
    const input = q<HTMLInputElement>(m, 'input[type="file"]');
    input.files = filesOf(file('a.png', 'image/png', 1), file('b.png', 'image/png', 1));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => got.length === 1, 'accepted');
    expect(got[0]).to.deep.equal(['a.png']);
    expect(q(m, '[role="alert"]').textContent).to.equal('b.png: only one file can be added.');
  });
});

describe('Stepper (keyboard)', () => {
  afterEach(() => unmountAll());

  it('marks the current step with aria-current="step"; finished steps are buttons reached by Tab', async () => {
    const clicked: number[] = [];
    const m = await mount(
      <>
        <button type="button" id="start">
          Start
        </button>
        <Stepper
          current={2}
          onStepClick={(i) => clicked.push(i)}
          steps={[
            { id: 'details', label: 'Details' },
            { id: 'media', label: 'Media' },
            { id: 'audience', label: 'Audience' },
            { id: 'review', label: 'Review' },
          ]}
        />
      </>,
    );
    const items = qa(m, 'li');
    expect(items.map((li) => li.getAttribute('aria-current'))).to.deep.equal([null, null, 'step', null]);
    expect(items[0].textContent).to.contain('(completed)');
    expect(items[3].textContent).to.contain('(not started)');
    expect(q(m, 'nav').getAttribute('aria-label')).to.equal('Progress');
    q(m, '#start').focus();
    await press('Tab');
    expect(focused(m)?.textContent).to.contain('Details');
    await press('Tab');
    await press('Enter');
    expect(clicked).to.deep.equal([1]);
    await press('Tab');
    expect(focused(m), 'the current and later steps are not tab stops').to.equal(null);
  });
});
