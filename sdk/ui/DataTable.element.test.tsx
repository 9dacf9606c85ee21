import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { DataTable, type DataColumn, type RowKey, type SortState } from './DataTable';
import { afterEach, describe, focused, it, mount, press, q, qa, shiftTab, unmountAll, waitFor, type Mounted } from './test-utils';

interface Study {
  id: number;
  name: string;
  media: string;
  start: string;
}
const STUDIES: Study[] = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `Study ${i + 1}`, media: i % 2 ? 'Video' : 'Image', start: `0${i + 1}/11/2026` }));

const columns: DataColumn<Study>[] = [
  { key: 'name', header: 'Study name', sortable: true, render: (r) => r.name, minWidth: 200 },
  { key: 'media', header: 'Media', sortable: true, render: (r) => r.media, priority: 2, minWidth: 150 },
  { key: 'start', header: 'Fieldwork Start', render: (r) => r.start, priority: 3, minWidth: 150 },
];

interface Seen {
  sorts: SortState[];
  pages: number[];
  sizes: number[];
}

function Harness({ seen, loading = false, rows = STUDIES.slice(0, 3) }: { seen: Seen; loading?: boolean; rows?: Study[] }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  return (
    <DataTable
      caption="My studies"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      sort={sort}
      onSortChange={(s) => (seen.sorts.push(s), setSort(s))}
      loading={loading}
      empty="No studies found"
      selected={selected}
      onSelectionChange={setSelected}
      paging={{ page, totalPages: 3, onPageChange: (p) => (seen.pages.push(p), setPage(p)), pageSize: size, onPageSizeChange: (n) => (seen.sizes.push(n), setSize(n)) }}
    />
  );
}

const headers = (m: Mounted) => qa(m, 'thead th').map((th) => th.textContent!.replace(/[▲▼↕]/g, '').trim());
const fresh = (): Seen => ({ sorts: [], pages: [], sizes: [] });

describe('DataTable (keyboard)', () => {
  afterEach(() => unmountAll());

  it('sortable headings are buttons inside th; Enter sorts, again reverses; aria-sort follows', async () => {
    const seen = fresh();
    const m = await mount(<Harness seen={seen} />, { width: 900 });
    const nameTh = q(m, 'th[data-key="name"]');
    expect(nameTh.querySelector('button')).to.not.equal(null);
    expect(q(m, 'th[data-key="start"]').querySelector('button'), 'not sortable').to.equal(null);
    expect(nameTh.hasAttribute('aria-sort')).to.equal(false);
    nameTh.querySelector('button')!.focus();
    await press('Enter');
    expect(nameTh.getAttribute('aria-sort')).to.equal('ascending');
    await press('Enter');
    expect(nameTh.getAttribute('aria-sort')).to.equal('descending');
    await press('Tab');
    expect(focused(m)?.closest('th')?.getAttribute('data-key')).to.equal('media');
    await press('Space');
    expect(q(m, 'th[data-key="media"]').getAttribute('aria-sort')).to.equal('ascending');
    expect(nameTh.hasAttribute('aria-sort'), 'only the sorted column carries aria-sort').to.equal(false);
    expect(seen.sorts).to.deep.equal([
      { key: 'name', direction: 'asc' },
      { key: 'name', direction: 'desc' },
      { key: 'media', direction: 'asc' },
    ]);
  });

  it('row selection: select-all on the page by Space, one row off leaves it mixed', async () => {
    const m = await mount(<Harness seen={fresh()} />, { width: 900 });
    const all = q<HTMLInputElement>(m, 'thead input[type="checkbox"]');
    expect(all.getAttribute('aria-label')).to.equal('Select all rows on this page');
    all.focus();
    await press('Space');
    const boxes = qa<HTMLInputElement>(m, 'tbody input[type="checkbox"]');
    expect(boxes.map((b) => b.checked)).to.deep.equal([true, true, true]);
    expect(boxes.map((b) => b.getAttribute('aria-label'))).to.deep.equal(['Select Study 1', 'Select Study 2', 'Select Study 3']);
    boxes[1].focus();
    await press('Space');
    expect(boxes.map((b) => b.checked)).to.deep.equal([true, false, true]);
    expect(all.checked).to.equal(false);
    expect(all.indeterminate).to.equal(true);
    await shiftTab();
    await press('Space');
    expect(boxes.map((b) => b.checked)).to.deep.equal([false, false, true]);
  });

  it('pagination above and below; both page by keyboard', async () => {
    const seen = fresh();
    const m = await mount(<Harness seen={seen} />, { width: 900 });
    const top = q(m, '[data-where="top"]');
    const bottom = q(m, '[data-where="bottom"]');
    expect(top.compareDocumentPosition(q(m, 'table')) & Node.DOCUMENT_POSITION_FOLLOWING).to.be.greaterThan(0);
    expect(bottom.compareDocumentPosition(q(m, 'table')) & Node.DOCUMENT_POSITION_PRECEDING).to.be.greaterThan(0);
    expect([top, bottom].map((c) => c.querySelector('nav')!.getAttribute('aria-label'))).to.deep.equal([
      'Pagination, above the table',
      'Pagination, below the table',
    ]);
    (top.querySelector('[aria-label="Next page"]') as HTMLButtonElement).focus();
    await press('Enter');
    const three = Array.from(bottom.querySelectorAll('button')).find((b) => b.textContent === '3')!;
    three.focus();
    await press('Enter');
    expect(seen.pages).to.deep.equal([2, 3]);
    expect(bottom.querySelector('[aria-current="page"]')?.textContent).to.equal('3');
    expect(top.querySelector('[aria-current="page"]')?.textContent).to.equal('3');
    top.querySelector('select')!.focus();
    await press('ArrowDown');
    expect(seen.sizes).to.deep.equal([25]);
  });

  it('loading keeps the old rows under an overlay (aria-busy); empty shows the empty state', async () => {
    const m = await mount(<Harness seen={fresh()} />, { width: 900 });
    await m.render(<Harness seen={fresh()} loading />);
    expect(q(m, 'table').getAttribute('aria-busy')).to.equal('true');
    expect(qa(m, 'tbody tr').map((r) => r.querySelector('td[data-key="name"]')?.textContent)).to.deep.equal(['Study 1', 'Study 2', 'Study 3']);
    const overlay = q(m, '[part="loading-overlay"]');
    expect(overlay.querySelector('[role="progressbar"]')).to.not.equal(null);
    const o = overlay.getBoundingClientRect();
    const body = q(m, 'tbody').getBoundingClientRect();
    expect(o.top <= body.top && o.bottom >= body.bottom, 'overlay covers the rows').to.equal(true);
    await m.render(<Harness seen={fresh()} rows={[]} />);
    expect(q(m, '[part="empty"]').textContent).to.equal('No studies found');
    expect(q(m, 'table').hasAttribute('aria-busy')).to.equal(false);
    expect(qa(m, '[part="loading-overlay"]')).to.have.length(0);
  });

  it('drops the least important columns as its container narrows, and brings them back', async () => {
    const m = await mount(<Harness seen={fresh()} />, { width: 900 });
    expect(headers(m)).to.deep.equal(['', 'Study name', 'Media', 'Fieldwork Start']);
    m.host.style.width = '420px';
    await waitFor(() => headers(m).length === 3, 'start hidden');
    expect(headers(m)).to.deep.equal(['', 'Study name', 'Media']);
    expect(qa(m, 'tbody tr')[0].querySelectorAll('td')).to.have.length(3);
    m.host.style.width = '300px';
    await waitFor(() => headers(m).length === 2, 'media hidden');
    expect(q(m, 'caption').textContent).to.contain('2 columns hidden');
    m.host.style.width = '900px';
    await waitFor(() => headers(m).length === 4, 'all back');
  });
});

describe('DataTable selection event (issue 20 item 4)', () => {
  it('every selection change is also a composed gaze-selection-change {keys} from the host element', async () => {
    const m = await mount(<Harness seen={fresh()} />, { width: 900 });
    const heard: { keys: RowKey[]; composed: boolean }[] = [];
    const listener = (e: CustomEvent<{ keys: RowKey[] }>) => heard.push({ keys: e.detail.keys, composed: e.composed });
    document.addEventListener('gaze-selection-change', listener);
    qa<HTMLInputElement>(m, 'tbody input[type="checkbox"]')[1].click();
    q<HTMLInputElement>(m, 'thead input[type="checkbox"]').click();
    await waitFor(() => heard.length === 2, 'two events');
    document.removeEventListener('gaze-selection-change', listener);
    expect(heard).to.deep.equal([{ keys: [STUDIES[1].id], composed: true }, { keys: [STUDIES[1].id, STUDIES[0].id, STUDIES[2].id], composed: true }]);
  });
});
