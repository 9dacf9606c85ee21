import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { Select } from './Select';
import { CheckboxGroup } from './CheckboxGroup';
import { Switch } from './Switch';
import { afterEach, describe, focused, it, mount, press, q, qa, shiftTab, unmountAll } from './test-utils';

function Start() {
  return (
    <button type="button" id="start">
      Start
    </button>
  );
}

describe('Select, CheckboxGroup, Switch (keyboard)', () => {
  afterEach(() => unmountAll());

  it('Select: a labelled native select; Tab reaches it and ArrowDown picks the next option', async () => {
    const seen: string[] = [];
    function S() {
      const [v, setV] = useState('video');
      return (
        <>
          <Start />
          <Select
            label="Media"
            hint="Filters the list"
            value={v}
            onChange={(x) => (seen.push(x), setV(x))}
            options={[
              { value: 'video', label: 'Video' },
              { value: 'image', label: 'Image' },
              { value: 'web', label: 'Web page' },
            ]}
          />
        </>
      );
    }
    const m = await mount(<S />);
    q(m, '#start').focus();
    await press('Tab');
    const select = q<HTMLSelectElement>(m, 'select');
    expect(focused(m)).to.equal(select);
    expect(select.labels[0].textContent).to.equal('Media');
    expect(m.root.getElementById(select.getAttribute('aria-describedby')!)?.textContent).to.equal('Filters the list');
    await press('ArrowDown');
    expect(seen).to.deep.equal(['image']);
    expect(select.value).to.equal('image');
  });

  it('CheckboxGroup: a fieldset named by its legend; Tab moves between boxes and Space toggles', async () => {
    const seen: string[][] = [];
    function C() {
      const [v, setV] = useState<string[]>([]);
      return (
        <>
          <Start />
          <CheckboxGroup
            legend="Gender"
            value={v}
            onChange={(x) => (seen.push(x), setV(x))}
            options={[
              { value: 'f', label: 'Female' },
              { value: 'm', label: 'Male' },
              { value: 'x', label: 'Non-binary' },
            ]}
          />
        </>
      );
    }
    const m = await mount(<C />);
    const fieldset = q(m, 'fieldset');
    expect(fieldset.querySelector('legend')?.textContent).to.equal('Gender');
    q(m, '#start').focus();
    await press('Tab');
    expect((focused(m) as HTMLInputElement).value).to.equal('f');
    await press('Tab');
    await press('Tab');
    await press('Space');
    await shiftTab();
    await shiftTab();
    await press('Space');
    expect(seen).to.deep.equal([['x'], ['f', 'x']]);
    expect(qa<HTMLInputElement>(m, 'input').map((i) => i.checked)).to.deep.equal([true, false, true]);
  });

  it('Switch: role=switch named by its label; Space toggles aria-checked', async () => {
    const seen: boolean[] = [];
    function W() {
      const [on, setOn] = useState(false);
      return (
        <>
          <Start />
          <Switch label="Show percentages" checked={on} onChange={(x) => (seen.push(x), setOn(x))} />
        </>
      );
    }
    const m = await mount(<W />);
    const sw = q(m, '[role="switch"]');
    expect(m.root.getElementById(sw.getAttribute('aria-labelledby')!)?.textContent).to.equal('Show percentages');
    expect(sw.getAttribute('aria-checked')).to.equal('false');
    q(m, '#start').focus();
    await press('Tab');
    expect(focused(m)).to.equal(sw);
    await press('Space');
    expect(sw.getAttribute('aria-checked')).to.equal('true');
    await press('Space');
    expect(sw.getAttribute('aria-checked')).to.equal('false');
    expect(seen).to.deep.equal([true, false]);
  });
});
