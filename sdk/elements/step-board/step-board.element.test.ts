// <gaze-step-board> in Chromium against a small fake of the board API (the real SDK client runs;
// HTTP is answered at the transport): drag by pointer and keyboard, every dialog and message,
// dense mode, truncation, the lock.
import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import './step-board.element';
import { $, $$, buttonByText, byLabel, mount, resetPage, sleep, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach, afterEach } from '../test-utils';
import type { RecordedRequest } from '../../core/api/test-transport';
import { CHART_PALETTE } from '../../ui';

interface FakeStep { step_order_id: number; step_type: string; step_name: string; seconds_before_show_next: number; seconds_before_move_next: number; next_type_id: number | null }
interface FakeCell { cell_id: number; cell_name: string; short_name: string; steps: FakeStep[] }

const LABELS: Record<string, string> = {
  instruction: 'Instruction Step', validation: 'Validation Step', calibration: 'Calibration Step', command: 'Command Step', stim: 'Stim Step',
  cache: 'Cache Page Step', embedded: 'Embedded Step', external: 'External Step', question: 'Question Step',
};

const HAS_DATA = "The step 'Recalibrate' holds data from 3 counted sessions: deleting it would remove that data from the reports. Steps with collected data cannot be deleted; add a new step instead.";

function fakeServer(opts: { locked?: boolean; failCellCreate?: boolean; live?: boolean; sessions?: number; dataStep?: number } = {}) {
  let nextId = 100;
  const st = (step_type: string, step_name: string): FakeStep => ({ step_order_id: nextId++, step_type, step_name, seconds_before_show_next: 2, seconds_before_move_next: 0, next_type_id: 1 });
  const state = {
    allow: !opts.locked,
    cells: [
      { cell_id: 1, cell_name: 'Control — competitor creative', short_name: 'CTRL', steps: [st('instruction', 'Welcome'), st('stim', 'A very long stim name that goes on and on'), st('question', 'Brand recall'), st('cache', 'News home')] },
      { cell_id: 2, cell_name: 'Exposed', short_name: 'EXP', steps: [st('external', 'Survey'), st('command', 'Recalibrate')] },
    ] as FakeCell[],
  };
  const overview = () => ({
    success: true, allow_step_editing: state.allow, study_id: 7, study_name: 'Spring campaign',
    live: opts.live ?? false, completed: false, counted_sessions: opts.sessions ?? 0,
    data: state.cells.map((c, index) => ({
      cell_id: c.cell_id, cell_name: c.cell_name, short_name: c.short_name, index,
      step_data: c.steps.map((s, i) => ({ ...s, index: i, step_type: LABELS[s.step_type], step_kind: s.step_type, step_type_label: LABELS[s.step_type], step_details: s.step_name, step_settings: { seconds_before_show_next: s.seconds_before_show_next, seconds_before_move_next: s.seconds_before_move_next, next_type_id: s.next_type_id, next_type: 'Standard button', item_id: 1, url: null } })),
    })),
  });
  const options: Record<string, unknown[]> = {
    instruction: [{ id: 1, name: 'Welcome', step_id: 1, instruction_name: 'Welcome' }, { id: 2, name: 'Thank you', step_id: 2, instruction_name: 'Thank you' }],
    external: [{ id: 5, name: 'Survey', url: 'https://survey.example.com/s/12345/long', member_insert: 'pid' }],
    command: [{ id: 1, name: 'Calibrate' }, { id: 2, name: 'Recalibrate' }],
    cache: [{ id: 9, name: 'News home', original_source: 'https://news.example.com/', cached_source: '/snapshots/cache/9?expires=1&sig=x', status: 'ready', failure_reason: null }],
  };
  const http = stubHttp((req: RecordedRequest) => {
    const path = req.url.replace('/v1.0', '');
    const body = req.body as Record<string, unknown>;
    if (path === '/studies/7/steps/overview') return { data: overview() };
    if (path === '/dashboard/data/nextbuttontypes_list') return { data: { success: true, data: [{ id: 1, code: '1', name: 'Standard button', description: 'Standard button' }, { id: 2, code: '2', name: 'Floating button', description: 'Floating button' }] } };
    if (path === '/studies/7/steps/step-detail') return { data: { success: true, data: options[String(body.step_type)] ?? [] } };
    if (path === '/studies/7/steps/overview/edit-toggle/') { state.allow = body.allow_step_editing !== false; return { data: { success: true, allow_step_editing: state.allow } }; }
    if (!state.allow) return { status: 409, data: { success: false, message: 'locked' } };
    if (path === '/studies/7/steps/overview/edit') {
      for (const [cellId, list] of Object.entries(body as Record<string, { index: number; step_order_id: number }[]>)) {
        const c = state.cells.find((x) => x.cell_id === Number(cellId))!;
        c.steps = [...list].sort((a, b) => a.index - b.index).map((e) => c.steps.find((s) => s.step_order_id === e.step_order_id)!);
      }
      return { data: { success: true } };
    }
    if (path === '/studies/7/steps/create') {
      const c = state.cells.find((x) => x.cell_id === body.cell_id)!;
      const s = st(String(body.step_type), String(body.name ?? body.step_type));
      c.steps.push(s);
      return { data: { success: true, step_order_id: s.step_order_id } };
    }
    if (path === '/studies/7/steps/delete') {
      if (body.step_order_id === opts.dataStep) return { status: 409, data: { success: false, message: HAS_DATA } };
      for (const c of state.cells) c.steps = c.steps.filter((s) => s.step_order_id !== body.step_order_id);
      return { data: { success: true } };
    }
    if (path === '/studies/7/steps/edit') {
      for (const c of state.cells) for (const s of c.steps) if (s.step_order_id === body.step_order_id) Object.assign(s, body);
      return { data: { success: true } };
    }
    if (path === '/studies/7/cells/create') {
      if (opts.failCellCreate) return { status: 500, data: { success: false, message: 'boom' } };
      state.cells.push({ cell_id: 3, cell_name: String(body.cell_name), short_name: String(body.short_name), steps: [] });
      return { data: { success: true, cell_id: 3 } };
    }
    if (path === '/studies/7/cells/edit') {
      const c = state.cells.find((x) => x.cell_id === body.cell_id)!;
      c.cell_name = String(body.cell_name); c.short_name = String(body.short_name);
      return { data: { success: true } };
    }
    if (path === '/studies/7/cells/duplicate/') {
      const c = state.cells.find((x) => x.cell_id === body.cell_id)!;
      state.cells.push({ ...c, cell_id: 4, cell_name: `${c.cell_name} Copy 1`, steps: c.steps.map((s) => ({ ...s, step_order_id: nextId++ })) });
      return { data: { success: true, cell_id: 4, cell_name: `${c.cell_name} Copy 1`, short_name: 'x' } };
    }
    return { status: 404, data: { success: false, message: `no fake for ${req.method} ${path}` } };
  });
  return { http, state, calls: (p: string) => http.requests.filter((r) => r.url.endsWith(p)) };
}

const cellEl = (el: HTMLElement, id: number) => $(el, `[data-cell-id="${id}"]`)!;
const stepNames = (el: HTMLElement, cellId: number) => Array.from(cellEl(el, cellId).querySelectorAll('[part="step-label"]')).filter((s) => !s.closest('[part="sortable-overlay"]')).map((s) => s.parentElement!.querySelector('[part="step-name"]')?.textContent ?? s.textContent);
const dialog = (el: HTMLElement, part: string) => waitFor(() => $(el, `[part="${part}"]`), part);
const click = (b: HTMLElement) => b.click();

async function board(opts?: Parameters<typeof fakeServer>[0]) {
  const fake = fakeServer(opts);
  const el = await mount('gaze-step-board', { 'study-id': '7', token: 'T' });
  await waitForText(el, 'Spring campaign');
  return { el, ...fake };
}

describe('<gaze-step-board>', () => {
  beforeEach(() => resetPage('/v1.0'));
  afterEach(async () => { await resetMouse(); });

  it('D2-068 D2-069 D2-077 D2-078 D2-079 D2-080 cells with palette colours, cut titles, counts and step cards', async () => {
    const { el, http } = await board();
    expect(http.requests[0]).to.include({ method: 'POST', url: '/v1.0/studies/7/steps/overview' });
    expect(http.requests[0].headers.authorization).to.equal('Token T');
    const cells = $$(el, '[part="cell"]');
    expect(cells.length).to.equal(2);
    const bar = (c: HTMLElement) => getComputedStyle(c).borderTopColor;
    const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
    expect(bar(cells[0])).to.equal(rgb(CHART_PALETTE[0]));
    expect(bar(cells[1])).to.equal(rgb(CHART_PALETTE[1]));
    expect(cells[0].querySelector('[part="cell-title"]')!.textContent).to.equal('Control — competit...');
    expect(cells[0].querySelector('[part="cell-title"]')!.getAttribute('title')).to.equal('Control — competitor creative');
    expect(cells[0].querySelector('[part="cell-short-name"]')!.textContent).to.equal('CTRL');
    expect(cells[0].querySelector('[part="cell-count"]')!.textContent).to.equal('4 steps');
    expect(stepNames(el, 1)).to.deep.equal(['Welcome', 'A very long stim name that goe...', 'Brand recall', 'News home']);
    const tones = Array.from(cells[0].querySelectorAll('[part="step"]')).map((s) => s.getAttribute('data-tone'));
    expect(tones).to.deep.equal(['teal', 'orange', 'green', 'orange']);
    const labels = Array.from(cells[0].querySelectorAll('[part="step-label"]')).map((s) => s.textContent);
    expect(labels).to.deep.equal(['Instruction Step', 'Stim Step', 'Question Step', 'Cache Page Step']);
    expect(getComputedStyle(cells[0]).minWidth).to.equal('300px');
  });

  it('D2-073 D2-071 dense hides step names and timing, cells 180 px wide at least', async () => {
    const { el } = await board();
    expect($$(el, '[part="step-timing"]').length).to.equal(6);
    click(buttonByText(el, 'Dense'));
    await waitFor(() => $$(el, '[part="step-name"]').length === 0, 'names hidden');
    expect($$(el, '[part="step-timing"]').length).to.equal(0);
    expect($$(el, '[part="step-label"]').length).to.equal(6);
    expect(getComputedStyle($(el, '[part="cell"]')!).minWidth).to.equal('180px');
    expect(buttonByText(el, 'Dense').getAttribute('aria-pressed')).to.equal('true');
    click(buttonByText(el, 'Standard'));
    await waitFor(() => $$(el, '[part="step-name"]').length === 6, 'names back');
  });

  it('D2-073 issue 38: in dense mode each cell\'s actions stay on one line; Duplicate and Rename are in its menu', async () => {
    const { el, calls } = await board();
    // Narrow enough that the cells sit at their dense minimum (where three buttons wrapped).
    el.style.display = 'block';
    el.style.width = '420px';
    click(buttonByText(el, 'Dense'));
    await waitFor(() => $$(el, '[part="step-name"]').length === 0, 'dense');
    for (const cell of $$(el, '[part="cell"]')) {
      const actions = cell.querySelector('[part="cell-actions"]')!;
      const kids = Array.from(actions.children) as HTMLElement[];
      const tops = new Set(kids.map((k) => Math.round(k.getBoundingClientRect().top)));
      expect(tops.size, 'one line').to.equal(1);
      const cellBox = cell.getBoundingClientRect();
      for (const k of kids) expect(k.getBoundingClientRect().right).to.be.at.most(cellBox.right);
    }
    const first = cellEl(el, 2);
    const more = first.querySelector('[part="cell-menu"] button') as HTMLButtonElement;
    expect(more.getAttribute('aria-label')).to.equal('More actions for Exposed');
    click(more);
    const items = await waitFor(() => { const li = Array.from(first.querySelectorAll('[role="menuitem"]')) as HTMLElement[]; return li.length ? li : null; }, 'menu items');
    expect(items.map((i) => i.textContent)).to.deep.equal(['Duplicate', 'Rename']);
    click(items[0]);
    await waitFor(() => calls('/cells/duplicate/').length === 1, 'duplicate sent');
    expect(calls('/cells/duplicate/')[0].body).to.include({ cell_id: 2 });
    // Standard mode keeps the three labelled buttons.
    click(buttonByText(el, 'Standard'));
    await waitFor(() => first.querySelector('[aria-label="Rename Exposed"]'), 'buttons back');
  });

  it('D2-074 D2-075 D2-089 locked: no editing controls, "Study locked"; the lock unlocks through edit-toggle', async () => {
    const { el, calls } = await board({ locked: true });
    expect($$(el, '.handle').length).to.equal(0);
    expect($(el, '[part="add-cell"]')).to.equal(null);
    expect(text(el)).not.to.contain('Add step');
    expect($$(el, '[part="step-menu"]').length).to.equal(0);
    const lock = $(el, '[part="lock"]')!;
    lock.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    lock.focus();
    await waitForText(el, 'Study locked');
    click(lock);
    await waitFor(() => calls('/steps/overview/edit-toggle/').length === 1, 'toggle call');
    expect(calls('/steps/overview/edit-toggle/')[0].body).to.deep.equal({ allow_step_editing: true });
    await waitFor(() => $(el, '[part="add-cell"]'), 'editing controls');
    expect($$(el, '.handle').length).to.equal(6);
    await waitForText(el, 'Study unlocked');
  });

  it('D2-070 D2-090 D2-076 keyboard dragging within a cell posts the new order, reloads and says SAVED', async () => {
    const { el, calls } = await board();
    const handle = cellEl(el, 1).querySelectorAll<HTMLElement>('.handle')[0];
    handle.focus();
    await sendKeys({ press: 'Space' });
    await sleep(50);
    await sendKeys({ press: 'ArrowDown' });
    await sleep(50);
    await sendKeys({ press: 'ArrowDown' });
    await sleep(50);
    await sendKeys({ press: 'Space' });
    await waitFor(() => calls('/steps/overview/edit').length === 1, 'reorder call');
    const ids = (calls('/steps/overview/edit')[0].body as Record<string, { index: number; step_order_id: number }[]>)['1'];
    expect(ids.map((e) => e.index)).to.deep.equal([0, 1, 2, 3]);
    await waitFor(() => stepNames(el, 1)[2] === 'Welcome', 'reloaded order');
    expect(stepNames(el, 1)).to.deep.equal(['A very long stim name that goe...', 'Brand recall', 'Welcome', 'News home']);
    await waitFor(() => $(el, '[part="saved"]'), 'SAVED');
    expect($(el, '[part="saved"]')!.textContent).to.equal('SAVED');
    // The other cell is untouched and was not sent.
    expect(Object.keys(calls('/steps/overview/edit')[0].body as object)).to.deep.equal(['1']);
  });

  it('D2-091 picking up and dropping at the same place sends nothing', async () => {
    const { el, calls } = await board();
    const handle = cellEl(el, 2).querySelector<HTMLElement>('.handle')!;
    handle.focus();
    await sendKeys({ press: 'Space' });
    await sleep(50);
    await sendKeys({ press: 'Space' });
    await sleep(200);
    expect(calls('/steps/overview/edit').length).to.equal(0);
  });

  it('D2-070 D2-090 a pointer drag reorders', async () => {
    const { el, calls } = await board();
    const handles = cellEl(el, 1).querySelectorAll<HTMLElement>('.handle');
    const from = handles[3].getBoundingClientRect();
    const to = cellEl(el, 1).querySelectorAll<HTMLElement>('[part="sortable-item"]')[0].getBoundingClientRect();
    const x = Math.round(from.left + from.width / 2);
    const y0 = Math.round(from.top + from.height / 2);
    await sendMouse({ type: 'move', position: [x, y0] });
    await sendMouse({ type: 'down' });
    for (const dy of [-5, -20, -40]) { await sendMouse({ type: 'move', position: [x, y0 + dy] }); await sleep(30); }
    await sendMouse({ type: 'move', position: [x, Math.round(to.top + to.height / 2 - 4)] });
    await sleep(100);
    await sendMouse({ type: 'up' });
    await waitFor(() => calls('/steps/overview/edit').length === 1, 'reorder call');
    await waitFor(() => stepNames(el, 1)[0] === 'News home', 'moved to the top');
  });

  it('D2-072 D2-102 D2-103 D2-104 D2-110 add a cell: checks, then the new-step dialog at Please Select', async () => {
    const { el, calls } = await board();
    click($(el, '[part="add-cell"]')!);
    const d = await dialog(el, 'add-cell-dialog');
    expect(d.textContent).to.contain('Add new cell');
    click(buttonByText(el, 'Create cell'));
    await waitForText(el, '* required');
    expect($$(el, '[part="add-cell-dialog"] [role="alert"], [part="add-cell-dialog"] [id$="-error"]').length).to.be.greaterThan(0);
    typeInto(byLabel(el, 'Long name'), 'x'.repeat(101));
    typeInto(byLabel(el, 'Short name'), 'y'.repeat(21));
    await waitForText(el, 'Too Long!');
    expect(calls('/cells/create').length).to.equal(0);
    typeInto(byLabel(el, 'Long name'), 'Exposed B');
    typeInto(byLabel(el, 'Short name'), 'EXPB');
    click(buttonByText(el, 'Create cell'));
    await waitFor(() => calls('/cells/create').length === 1, 'create call');
    expect(calls('/cells/create')[0].body).to.deep.equal({ cell_name: 'Exposed B', short_name: 'EXPB' });
    const step = await dialog(el, 'new-step-dialog');
    expect(step.textContent).to.contain('Create new step in Exposed B');
    expect($(el, '[part="selected-type"]')!.textContent).to.equal('Please Select');
    expect(cellEl(el, 3)).to.not.equal(null);
  });

  it('issue 38: the new-step dialog closes with Cancel, and with the first Escape (no hover help open on arrival)', async () => {
    const { el } = await board();
    const open = () => click(cellEl(el, 2).querySelector<HTMLElement>('[aria-label="Add step to Exposed"]')!);
    open();
    const d = await dialog(el, 'new-step-dialog');
    expect(Array.from(d.querySelectorAll<HTMLElement>('[role="tooltip"]')).every((t) => t.hidden)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '[part="new-step-dialog"]'), 'dialog closed by one Escape');
    open();
    await dialog(el, 'new-step-dialog');
    click(buttonByText(el, 'Cancel'));
    await waitFor(() => !$(el, '[part="new-step-dialog"]'), 'dialog closed by Cancel');
  });

  it('D2-105 a failed cell creation says Something went wrong', async () => {
    const { el } = await board({ failCellCreate: true });
    click($(el, '[part="add-cell"]')!);
    await dialog(el, 'add-cell-dialog');
    typeInto(byLabel(el, 'Long name'), 'New');
    typeInto(byLabel(el, 'Short name'), 'N');
    click(buttonByText(el, 'Create cell'));
    await waitForText(el, 'Something went wrong');
  });

  it('D2-093 D2-094 D2-111..D2-115 D2-126 add an instruction step: choices, search, order first, then create, back to Please Select', async () => {
    const { el, calls } = await board();
    click(cellEl(el, 2).querySelector<HTMLElement>('[aria-label="Add step to Exposed"]')!);
    const d = await dialog(el, 'new-step-dialog');
    expect(Array.from(d.querySelectorAll('legend')).map((l) => l.textContent)).to.deep.equal(['Control steps', 'Stim steps', 'Question steps']);
    expect(d.querySelectorAll('input[type="radio"]').length).to.equal(10);
    const radio = (label: string) => Array.from(d.querySelectorAll('label')).find((l) => l.textContent === label)!.querySelector('input')!;
    // Hover explanations.
    radio('Cache Page').parentElement!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    radio('Cache Page').focus();
    await waitForText(el, 'A copied, hosted web page that usually contains ads.');
    click(radio('Instruction'));
    await waitFor(() => calls('/steps/step-detail').length === 1, 'options call');
    expect(calls('/steps/step-detail')[0].body).to.deep.equal({ step_type: 'instruction' });
    await waitFor(() => d.querySelector('[part="options-table"]'), 'table');
    expect(Array.from(d.querySelectorAll('th')).map((t) => t.textContent)).to.deep.equal(['ID', 'Name', 'Add step']);
    const search = d.querySelector<HTMLInputElement>('input[type="search"], [part="options-panel"] input')!;
    typeInto(search, 'THANK');
    await waitFor(() => d.querySelectorAll('tbody tr').length === 1, 'search filters');
    click(d.querySelector<HTMLElement>('tbody button')!);
    await waitFor(() => calls('/steps/create').length === 1, 'create call');
    const order = calls('/steps/overview/edit');
    expect(order.length).to.equal(1);
    expect(order[0].body, 'the cell\'s current order first').to.deep.equal({ 2: [{ index: 0, step_order_id: 104 }, { index: 1, step_order_id: 105 }] });
    expect(calls('/steps/create')[0].body).to.deep.include({ cell_id: 2, step_type: 'instruction', step_id: 2, step_order: 2 });
    await waitFor(() => $(el, '[part="selected-type"]')!.textContent === 'Please Select', 'reset');
    await waitFor(() => $(el, '[part="saved"]'), 'SAVED');
    // Validation: a description and 'Add Validation step'.
    click(radio('Validation'));
    click(await waitFor(() => Array.from(d.querySelectorAll('button')).find((b) => b.textContent === 'Add Validation step'), 'add validation'));
    await waitFor(() => calls('/steps/create').length === 2, 'second create');
    expect(calls('/steps/create')[1].body).to.deep.include({ step_type: 'validation' });
  });

  it('D2-120 D2-121 D2-122 external: URL cut at 24 with copy, new item checked for a valid URL', async () => {
    const { el, calls } = await board();
    click(cellEl(el, 1).querySelector<HTMLElement>('[aria-label^="Add step to"]')!);
    const d = await dialog(el, 'new-step-dialog');
    const radio = (label: string) => Array.from(d.querySelectorAll('label')).find((l) => l.textContent === label)!.querySelector('input')!;
    click(radio('External'));
    await waitFor(() => d.querySelector('[part="options-table"]'), 'table');
    expect(Array.from(d.querySelectorAll('th')).map((t) => t.textContent)).to.deep.equal(['Id', 'name', 'Url', 'Add']);
    expect(d.textContent).to.contain('https://survey.example.c...');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => undefined }, configurable: true });
    click(d.querySelector<HTMLElement>('[aria-label^="Copy https://survey"]')!);
    await waitForText(el, 'Copied successfully');
    click(buttonByText(el, 'New external item'));
    await waitFor(() => $(el, '[part="new-item"]'), 'new item form');
    typeInto(byLabel(el, 'Name'), 'Intranet');
    typeInto(byLabel(el, 'URL'), 'http://192.168.1.10/survey');
    click(buttonByText(el, 'Create external item and add step'));
    await waitForText(el, 'Please enter a valid URL');
    expect(calls('/steps/create').length).to.equal(0);
    typeInto(byLabel(el, 'URL'), 'https://forms.example.com/x');
    typeInto(byLabel(el, 'Member insert param'), 'pid');
    click(buttonByText(el, 'Create external item and add step'));
    await waitFor(() => calls('/steps/create').length === 1, 'create');
    expect(calls('/steps/create')[0].body).to.deep.include({ step_type: 'external', external_url: 'https://forms.example.com/x', member_insert: 'pid', name: 'Intranet' });
  });

  it('D2-123 D2-125 command radio list; New Stim asks the host for the uploader', async () => {
    const { el, calls } = await board();
    click(cellEl(el, 1).querySelector<HTMLElement>('[aria-label^="Add step to"]')!);
    const d = await dialog(el, 'new-step-dialog');
    const radio = (label: string) => Array.from(d.querySelectorAll('label')).find((l) => l.textContent === label)!.querySelector('input')!;
    click(radio('Command'));
    const calibrate = await waitFor(() => Array.from(d.querySelectorAll('[part="command-panel"] label')).find((l) => l.textContent === 'Calibrate'), 'commands');
    click(calibrate.querySelector('input')!);
    const add = await waitFor(() => Array.from(d.querySelectorAll<HTMLButtonElement>('[part="command-panel"] button')).find((b) => b.textContent === 'Add step' && !b.disabled), 'Add step enabled');
    click(add);
    await waitFor(() => calls('/steps/create').length === 1, 'create');
    expect(calls('/steps/create')[0].body).to.deep.include({ step_type: 'command', command_id: 1 });
    const seen: string[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<{ path: string }>).detail.path);
    document.addEventListener('gaze-navigate', listener);
    click(radio('New Stim'));
    document.removeEventListener('gaze-navigate', listener);
    expect(seen).to.deep.equal(['/stims/upload-stim?study_id=7&cell_id=1']);
  });

  it('D2-082 D2-133 D2-134 D2-136 the step menu edits timings and the next button', async () => {
    const { el, calls } = await board();
    const menu = cellEl(el, 2).querySelector<HTMLElement>('[part="step-menu"] button')!;
    click(menu);
    click(await waitFor(() => Array.from(cellEl(el, 2).querySelectorAll<HTMLElement>('[role="menuitem"]')).find((m) => m.textContent === 'Edit'), 'Edit item'));
    const d = await dialog(el, 'edit-step-dialog');
    expect(d.textContent).to.contain('Seconds before show next step');
    expect(d.textContent).to.contain('Seconds before move next step');
    const sliders = d.querySelectorAll<HTMLInputElement>('input[type="range"]');
    expect([sliders[0].min, sliders[0].max, sliders[0].value, sliders[1].value]).to.deep.equal(['0', '100', '2', '0']);
    typeInto(sliders[0], '15');
    await waitFor(() => byLabel(el, 'Type of next button').querySelectorAll('option').length === 3, 'next types');
    const select = byLabel(el, 'Type of next button') as unknown as HTMLSelectElement;
    select.value = '2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    click(buttonByText(el, 'Save'));
    await waitFor(() => calls('/steps/edit').length === 1, 'edit call');
    expect(calls('/steps/edit')[0].body).to.deep.equal({ step_order_id: 104, seconds_before_show_next: 15, seconds_before_move_next: 0, next_type_id: 2 });
    await waitFor(() => !$(el, '[part="edit-step-dialog"]'), 'closed');
  });

  it('D2-081 D2-095 deleting asks, posts the order, deletes, reloads and closes', async () => {
    const { el, calls } = await board();
    click(cellEl(el, 2).querySelectorAll<HTMLElement>('[part="step-menu"] button')[1]);
    click(await waitFor(() => Array.from(cellEl(el, 2).querySelectorAll<HTMLElement>('[role="menuitem"]')).find((m) => m.textContent === 'Delete'), 'Delete item'));
    await waitForText(el, 'Delete step');
    click(buttonByText(el, 'Delete'));
    await waitFor(() => calls('/steps/delete').length === 1, 'delete call');
    expect(calls('/steps/overview/edit').length).to.equal(1);
    expect(calls('/steps/delete')[0].body).to.deep.equal({ step_order_id: 105 });
    await waitFor(() => stepNames(el, 2).length === 1, 'reloaded');
    expect(text(el)).not.to.contain('Delete the step');
  });

  it('D2-096..D2-099 rename: two fields, short name max 20, leaving sends and says so', async () => {
    const { el, calls } = await board();
    click(cellEl(el, 2).querySelector<HTMLElement>('[aria-label="Rename Exposed"]')!);
    await waitFor(() => $(el, '[part="rename"]'), 'rename fields');
    const long = byLabel(el, 'Long name');
    const short = byLabel(el, 'Short name');
    expect(short.maxLength).to.equal(20);
    // Typing without leaving the pair of fields (typeInto would blur).
    const setValue = (input: HTMLInputElement | HTMLTextAreaElement, value: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    long.focus();
    setValue(long, 'Exposed — test creative');
    short.focus();
    setValue(short, 'EXPT');
    await sleep(50);
    expect(calls('/cells/edit').length, 'moving between the two fields sends nothing').to.equal(0);
    $(el, '[part="title"]')!.setAttribute('tabindex', '-1');
    $(el, '[part="title"]')!.focus();
    await waitFor(() => calls('/cells/edit').length === 1, 'rename call');
    expect(calls('/cells/edit')[0].body).to.deep.equal({ cell_id: 2, cell_name: 'Exposed — test creative', short_name: 'EXPT' });
    await waitForText(el, 'Your Names have been updated');
    await waitFor(() => cellEl(el, 2).querySelector('[part="cell-title"]')?.textContent === 'Exposed — test cre...', 'new title');
  });

  it('D2-107 duplicate posts cells/duplicate/ and shows the server\'s copy', async () => {
    const { el, calls } = await board();
    click(cellEl(el, 2).querySelector<HTMLElement>('[aria-label="Duplicate Exposed"]')!);
    await waitFor(() => calls('/cells/duplicate/').length === 1, 'duplicate call');
    expect(calls('/cells/duplicate/')[0].body).to.deep.equal({ cell_id: 2 });
    await waitFor(() => cellEl(el, 4), 'copy shown');
    expect(cellEl(el, 4).querySelector('[part="cell-title"]')!.textContent).to.equal('Exposed Copy 1');
  });

  it('issue 35: unlocking a live study asks first; cancelling sends nothing, confirming unlocks', async () => {
    const { el, calls } = await board({ locked: true, live: true, sessions: 12 });
    click($(el, '[part="lock"]')!);
    await waitForText(el, 'Unlock a live study?');
    expect(text(el)).to.contain('This study is collecting data (12 counted sessions so far).');
    expect(text(el)).to.contain("The unlock is recorded in the study's timeline.");
    expect(calls('/steps/overview/edit-toggle/').length).to.equal(0);
    click(buttonByText(el, 'Cancel'));
    await waitFor(() => !text(el).includes('Unlock a live study?'), 'dialog closed');
    await sleep(50);
    expect(calls('/steps/overview/edit-toggle/').length, 'cancel sends nothing').to.equal(0);
    expect($(el, '[part="add-cell"]')).to.equal(null);
    click($(el, '[part="lock"]')!);
    await waitForText(el, 'Unlock a live study?');
    click(buttonByText(el, 'Unlock'));
    await waitFor(() => calls('/steps/overview/edit-toggle/').length === 1, 'toggle call');
    expect(calls('/steps/overview/edit-toggle/')[0].body).to.deep.equal({ allow_step_editing: true });
    await waitFor(() => $(el, '[part="add-cell"]'), 'editing controls');
    await waitFor(() => !text(el).includes('Unlock a live study?'), 'dialog closed after unlocking');
  });

  it('issue 35: a study in set-up unlocks at once, without asking', async () => {
    const { el, calls } = await board({ locked: true });
    click($(el, '[part="lock"]')!);
    await waitFor(() => calls('/steps/overview/edit-toggle/').length === 1, 'toggle call');
    expect(text(el)).not.to.contain('Unlock a live study?');
  });

  it("issue 35: a refused delete shows the server's reason in the dialog and the step stays", async () => {
    const { el, calls } = await board({ dataStep: 105, live: true, sessions: 3 });
    click(cellEl(el, 2).querySelectorAll<HTMLElement>('[part="step-menu"] button')[1]);
    click(await waitFor(() => Array.from(cellEl(el, 2).querySelectorAll<HTMLElement>('[role="menuitem"]')).find((m) => m.textContent === 'Delete'), 'Delete item'));
    await waitForText(el, 'Delete step');
    click(buttonByText(el, 'Delete'));
    await waitFor(() => calls('/steps/delete').length === 1, 'delete call');
    // Inside the dialog, where the researcher is looking (not behind it on the board).
    const reason = await waitFor(() => $(el, '[part="confirm-dialog"] [role="alert"]'), 'reason shown');
    expect(reason.textContent).to.equal(HAS_DATA);
    expect(stepNames(el, 2)).to.deep.equal(['Survey', 'Recalibrate']);
    expect(buttonByText(el, 'Cancel').disabled).to.equal(false);
  });
});
