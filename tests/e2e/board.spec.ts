// The cell and step board end to end (issue 12): on a real server, a researcher unlocks a study,
// adds a cell, adds one step of every type, reorders by dragging, renames, duplicates and
// deletes, and the order survives a reload (the server holds it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { api, apiToken, freshPage, signIn, until, useBrowser, waitForText } from './helpers';

const browser = useBrowser();

interface Board {
  allow_step_editing: boolean;
  data: { cell_id: number; cell_name: string; short_name: string; step_data: { step_order_id: number; step_type: string; step_name: string }[] }[];
}

const boardOf = async (token: string, studyId: number) => (await api<Board>(token, `/studies/${studyId}/steps/overview`, { body: {} })).body;

/** The step types of a cell as the page shows them (labels), leaving out the drag overlay. */
const labelsOf = (cell: Locator) => cell.locator('[part="sortable-item"] [part="step-label"], ol li [part="step-label"]').allTextContents();

async function addStep(page: Page, cell: Locator, choice: string, pick: (dialog: Locator) => Promise<void>) {
  const before = (await labelsOf(cell)).length;
  await cell.getByRole('button', { name: /^Add step to/ }).click();
  const dialog = page.locator('[part="new-step-dialog"]');
  await dialog.getByLabel(choice, { exact: true }).check();
  await pick(dialog);
  await until(async () => (await labelsOf(cell)).length === before + 1, `${choice} step added`);
  await until(async () => { await page.keyboard.press('Escape'); return (await dialog.count()) === 0; }, 'dialog closed');
}

const firstAdd = async (dialog: Locator) => {
  const add = dialog.locator('[part="options-table"] tbody td:last-child button:not([disabled])').first();
  await add.waitFor();
  await add.click();
};

describe('step board (D2-067..D2-136)', () => {
  it('unlock, add a cell, add every step type, drag, rename, duplicate, delete; the order survives a reload', async () => {
    // Names unique per run (a server reused through E2E_BASE_URL keeps earlier runs' cells).
    const run = String(Date.now() % 100000).padStart(5, '0');
    const built = `E2E ${run}`;
    const renamedName = `Renamed ${run}`;
    const token = await apiToken('researcher');
    const studies = await api<{ data: { study_id: number; name: string }[] }>(token, '/studies', { body: { results_per_page: 10 } });
    const studyId = studies.body.data[0].study_id;
    // Start locked: the lock on the page must unlock it.
    assert.equal((await api(token, `/studies/${studyId}/steps/overview/edit-toggle/`, { body: { allow_step_editing: false } })).status, 200);

    const { page, context, errors } = await freshPage(browser());
    try {
      // Tall enough that a cell of nine steps fits: the mouse drags within the viewport.
      await page.setViewportSize({ width: 1440, height: 1600 });
      await signIn(page, 'researcher');
      await page.goto(`/my_studies/overview/${studyId}/cell_step_management`);
      const boardEl = page.locator('gaze-step-board');
      await boardEl.locator('[part="lock"]').waitFor();
      assert.equal(await boardEl.locator('[part="add-cell"]').count(), 0, 'no editing controls while locked');
      await boardEl.locator('[part="lock"]').click();
      // A study that is live, completed or holds data asks before it unlocks (issue 35).
      const facts = (await api<{ live: boolean; completed: boolean; counted_sessions: number }>(token, `/studies/${studyId}/steps/overview`, { body: {} })).body;
      if (facts.live || facts.completed || facts.counted_sessions > 0) {
        await page.locator('[part="confirm-dialog"]').getByRole('button', { name: 'Unlock' }).click();
      }
      await boardEl.locator('[part="add-cell"]').waitFor();
      assert.equal((await boardOf(token, studyId)).allow_step_editing, true);

      // Add a cell by keyboard: the tile, then the form.
      await boardEl.locator('[part="add-cell"]').focus();
      await page.keyboard.press('Enter');
      const addCell = page.locator('[part="add-cell-dialog"]');
      await addCell.getByLabel('Long name').fill(built);
      await addCell.getByLabel('Short name').fill('E2E');
      await page.keyboard.press('Enter');
      // The new-step dialog opens for the new cell; close it, then add one step of every type.
      const newStep = page.locator('[part="new-step-dialog"]');
      await newStep.waitFor();
      await newStep.getByText('Please Select').waitFor();
      // The first Escape hides the focused choice's explanation (a tooltip), the next closes.
      await until(async () => { await page.keyboard.press('Escape'); return (await newStep.count()) === 0; }, 'new-step dialog closed by Escape');
      await boardEl.locator('[part="cell"]', { hasText: built }).waitFor();
      const cellId = await boardEl.locator('[part="cell"]', { hasText: built }).getAttribute('data-cell-id');
      const cell = boardEl.locator(`[part="cell"][data-cell-id="${cellId}"]`);

      await addStep(page, cell, 'Validation', (d) => d.getByRole('button', { name: 'Add Validation step' }).click());
      await addStep(page, cell, 'Calibration', (d) => d.getByRole('button', { name: 'Add Calibration step' }).click());
      await addStep(page, cell, 'Instruction', firstAdd);
      await addStep(page, cell, 'Command', async (d) => {
        await d.getByLabel('Calibrate', { exact: true }).check();
        await d.locator('[part="command-panel"]').getByRole('button', { name: 'Add step' }).click();
      });
      await addStep(page, cell, 'Stim', firstAdd);
      await addStep(page, cell, 'Cache Page', firstAdd);
      await addStep(page, cell, 'Question', firstAdd);
      await addStep(page, cell, 'External', firstAdd);
      await addStep(page, cell, 'Embedded', firstAdd);
      const labels = await labelsOf(cell);
      assert.deepEqual(labels, ['Validation Step', 'Calibration Step', 'Instruction Step', 'Command Step', 'Stim Step', 'Cache Page Step', 'Question Step', 'External Step', 'Embedded Step']);

      // Drag the last step to the top with the mouse.
      const handles = cell.locator('[part="sortable-item"] .handle');
      await cell.scrollIntoViewIfNeeded();
      const from = (await handles.nth(8).boundingBox())!;
      const to = (await cell.locator('[part="sortable-item"]').nth(0).boundingBox())!;
      const x = from.x + from.width / 2;
      await page.mouse.move(x, from.y + from.height / 2);
      await page.mouse.down();
      for (const dy of [-5, -20, -60]) {
        await page.mouse.move(x, from.y + from.height / 2 + dy, { steps: 3 });
        await page.waitForTimeout(50);
      }
      await page.mouse.move(x, to.y + to.height / 2 - 6, { steps: 10 });
      await page.waitForTimeout(150);
      await page.mouse.up();
      await until(async () => (await labelsOf(cell))[0] === 'Embedded Step', 'dragged to the top');
      await boardEl.locator('[part="saved"]').waitFor();

      // And one step down by keyboard.
      // dnd-kit measures between key presses: give each a frame or two.
      await handles.nth(0).focus();
      for (const key of ['Space', 'ArrowDown', 'Space']) {
        await page.keyboard.press(key);
        await page.waitForTimeout(150);
      }
      await until(async () => (await labelsOf(cell))[1] === 'Embedded Step', 'moved down by keyboard');

      // Rename on blur.
      await cell.getByRole('button', { name: /^Rename/ }).click();
      await cell.getByLabel('Long name').fill(renamedName);
      await cell.getByLabel('Short name').fill('E2ER');
      await boardEl.locator('[part="title"]').click();
      await waitForText(page, 'Your Names have been updated');
      const renamed = cell;
      await boardEl.locator('[part="cell"]', { hasText: renamedName }).waitFor();

      // Delete the Validation step (now first) through its menu.
      await renamed.locator('[part="step-menu"] button').first().click();
      await renamed.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await until(async () => (await labelsOf(renamed)).length === 8, 'deleted');

      // Duplicate: the server names the copy.
      await renamed.getByRole('button', { name: /^Duplicate/ }).click();
      await until(async () => (await boardOf(token, studyId)).data.some((c) => c.cell_name.startsWith(`${renamedName} Copy `)), 'copy on the server');

      const expected = await labelsOf(renamed);
      await page.reload();
      const again = page.locator(`gaze-step-board [part="cell"][data-cell-id="${cellId}"]`);
      await again.waitFor();
      await until(async () => (await labelsOf(again)).length === 8, 'reloaded');
      assert.deepEqual(await labelsOf(again), expected, 'the order survives a reload');
      const server = (await boardOf(token, studyId)).data.find((c) => c.cell_name === renamedName)!;
      assert.equal(server.short_name, 'E2ER');
      assert.equal(server.step_data.length, 8);
      const copy = (await boardOf(token, studyId)).data.find((c) => c.cell_name.startsWith(`${renamedName} Copy `))!;
      assert.deepEqual(copy.step_data.map((s) => s.step_type), server.step_data.map((s) => s.step_type));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
