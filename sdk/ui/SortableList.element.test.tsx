import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { SortableList } from './SortableList';
import { afterEach, describe, focused, it, mount, press, q, qa, settle, unmountAll, waitFor, type Mounted } from './test-utils';

interface Step {
  id: string;
  name: string;
}
const STEPS: Step[] = ['Intro', 'Stim', 'Question', 'Outro'].map((name) => ({ id: name.toLowerCase(), name }));

function Harness({ orders }: { orders: string[][] }) {
  const [items, setItems] = useState(STEPS);
  return (
    <SortableList
      label="Steps"
      items={items}
      getId={(s) => s.id}
      itemLabel={(s) => s.name}
      renderItem={(s) => <span>{s.name}</span>}
      onReorder={(next) => {
        orders.push(next.map((s) => s.name));
        setItems(next);
      }}
    />
  );
}

const names = (m: Mounted) => qa(m, '[part="sortable-item"] .body').map((b) => b.textContent);
const liveText = (m: Mounted) => q(m, '[aria-live]').textContent ?? '';
const frames = async (n = 4) => {
  for (let i = 0; i < n; i++) await settle();
};

describe('SortableList (keyboard and pointer)', () => {
  afterEach(async () => {
    await resetMouse();
    unmountAll();
  });

  it('Space picks up, ArrowDown moves, Space drops: onReorder gets the new order, each step is announced, focus stays on the item', async () => {
    const orders: string[][] = [];
    const m = await mount(<Harness orders={orders} />, { width: 400 });
    expect(q(m, 'ul').getAttribute('aria-label')).to.equal('Steps');
    const handle = q(m, '[data-id="stim"] .handle');
    expect(handle.getAttribute('aria-label')).to.equal('Move Stim');
    expect(handle.getAttribute('aria-roledescription')).to.equal('sortable');
    const instructions = await waitFor(() => m.root.getElementById(handle.getAttribute('aria-describedby')!), 'instructions');
    expect(instructions.textContent).to.contain('press Space or Enter');
    handle.focus();
    await press('Space');
    await waitFor(() => liveText(m).includes('Picked up Stim'), 'pick-up announcement');
    expect(liveText(m)).to.equal('Picked up Stim. Position 2 of 4.');
    const overlay = await waitFor(() => m.root.querySelector('[part="sortable-overlay"]'), 'drag overlay');
    expect(overlay.getRootNode(), 'overlay inside the shadow root').to.equal(m.root);
    expect(document.body.querySelector('[part="sortable-overlay"]')).to.equal(null);
    expect(document.body.querySelector('[aria-live]'), 'no live region in document.body').to.equal(null);
    await press('ArrowDown');
    await frames();
    await waitFor(() => liveText(m).includes('moved to position 3'), 'move announcement');
    await press('ArrowDown');
    await frames();
    await waitFor(() => liveText(m).includes('moved to position 4'), 'second move');
    await press('Space');
    await waitFor(() => orders.length === 1, 'reorder');
    expect(orders[0]).to.deep.equal(['Intro', 'Question', 'Outro', 'Stim']);
    expect(liveText(m)).to.equal('Stim dropped at position 4 of 4.');
    expect(names(m)).to.deep.equal(['Intro', 'Question', 'Outro', 'Stim']);
    await waitFor(() => focused(m)?.getAttribute('aria-label') === 'Move Stim', 'focus back on the moved item');
  });

  it('Escape cancels a keyboard move: no reorder', async () => {
    const orders: string[][] = [];
    const m = await mount(<Harness orders={orders} />, { width: 400 });
    q(m, '[data-id="intro"] .handle').focus();
    await press('Enter');
    await frames();
    await press('ArrowDown');
    await frames();
    await press('Escape');
    await waitFor(() => liveText(m).includes('cancelled'), 'cancel announcement');
    expect(liveText(m)).to.equal('Moving cancelled. Intro is back at position 1 of 4.');
    expect(orders).to.deep.equal([]);
    expect(names(m)).to.deep.equal(['Intro', 'Stim', 'Question', 'Outro']);
  });

  it('a pointer drag of the grip reorders', async () => {
    const orders: string[][] = [];
    const m = await mount(<Harness orders={orders} />, { width: 400 });
    const from = q(m, '[data-id="intro"] .handle').getBoundingClientRect();
    const to = q(m, '[data-id="question"]').getBoundingClientRect();
    const x = Math.round(from.left + from.width / 2);
    await sendMouse({ type: 'move', position: [x, Math.round(from.top + from.height / 2)] });
    await sendMouse({ type: 'down' });
    for (const dy of [5, 20, 40]) {
      await sendMouse({ type: 'move', position: [x, Math.round(from.top + from.height / 2 + dy)] });
      await settle();
    }
    await sendMouse({ type: 'move', position: [x, Math.round(to.top + to.height / 2 + 4)] });
    await frames();
    await sendMouse({ type: 'up' });
    await waitFor(() => orders.length === 1, 'pointer reorder');
    expect(orders[0]).to.deep.equal(['Stim', 'Question', 'Intro', 'Outro']);
  });
});
