// The quick and embedded studies' yup schemas, steps, defaults and body (D3-039, D3-040,
// D3-103…D3-109): every case of quick-embedded.cases.ts gives its message on its field alone.
import { describe, expect, it } from 'vitest';
import { QUICK_EMBEDDED_CASES, validQuickEmbedded } from './quick-embedded.cases';
import { embeddedPagesFor } from './quick-values';
import { stepErrors, stepsOf } from './schemas';
import { bodyOf, defaultValues } from './values';

describe('quick and embedded wizard schemas', () => {
  it.each(['quick', 'embedded'] as const)('a valid %s form passes every step', async (kind) => {
    const v = validQuickEmbedded(kind, defaultValues(kind));
    for (const step of stepsOf(kind)) expect(await stepErrors(step, v)).toEqual({});
  });

  it.each(QUICK_EMBEDDED_CASES.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const kind = c.kind as 'quick' | 'embedded';
    const v = { ...validQuickEmbedded(kind, defaultValues(kind)), ...c.set };
    const step = stepsOf(kind).find((s) => s.id === c.step)!;
    expect(await stepErrors(step, v)).toEqual({ [c.field]: c.message });
  });

  it('D3-039, D3-040: the steps of the quick and the embedded/redirect study', () => {
    expect(stepsOf('quick').map((s) => s.label)).toEqual(['Basic Details', 'External Pages', 'Lumen Panel Data', 'Review']);
    expect(stepsOf('embedded').map((s) => s.label)).toEqual(['Basic Details', 'Redirect Details', 'Context Details', 'Review']);
  });

  it('D3-105: Lumen Panel Data defaults to panelist role 1, panel 1, reward 100; one blank external page', () => {
    expect(defaultValues('quick').quick_task_data).toEqual({ panelist_role_id: 1, panel_id: 1, short_description: '', reward: 100, start_date: '', expiry_date: '' });
    expect(defaultValues('quick').quick_step_list).toEqual([{ type: 'external', url: '', insert_parameter: '' }]);
  });

  it('D3-108: the embedded list follows the cell count — rows added empty, surplus cut, indexes renumbered', () => {
    const two = [{ cell_index: 0, url: 'https://a.example.com/' }, { cell_index: 1, url: 'https://b.example.com/' }];
    expect(embeddedPagesFor(two, 4)).toEqual([...two, { cell_index: 2, url: '' }, { cell_index: 3, url: '' }]);
    expect(embeddedPagesFor(two, 1)).toEqual([two[0]]);
    expect(embeddedPagesFor(two, 2)).toBe(two);
    expect(embeddedPagesFor([{ cell_index: 5, url: 'x' }], 1)).toEqual([{ cell_index: 0, url: 'x' }]);
    expect(defaultValues('embedded').embedded_page_list).toEqual([{ cell_index: 0, url: '' }]);
  });

  it('D3-103, D3-104, D3-020: what Create sends for each kind', () => {
    const q = bodyOf('quick', validQuickEmbedded('quick', defaultValues('quick'))) as Record<string, unknown>;
    expect(q).toMatchObject({
      study_kind: 'quick',
      quick_step_list: [{ type: 'external', url: 'https://pages.example.com/one', insert_parameter: 'pid' }, { type: 'external', url: 'https://pages.example.com/two', insert_parameter: '' }],
      quick_task_data: { panelist_role_id: 1, panel_id: 1, short_description: 'Look at two pages', reward: 100, start_date: '2026-12-01 09:00:00', expiry_date: '' },
    });
    expect(q).not.toHaveProperty('embedded_page_list');
    expect(q).not.toHaveProperty('number_of_cells');
    const e = bodyOf('embedded', { ...validQuickEmbedded('embedded', defaultValues('embedded')), number_of_cells: 1 }) as Record<string, unknown>;
    expect(e).toMatchObject({ study_kind: 'embedded', number_of_cells: 1, embedded_page_list: [{ cell_index: 0, url: 'https://site.example.com/a' }], include_panel_details: '2' });
    expect(e).not.toHaveProperty('quick_step_list');
    expect(bodyOf('web_page', defaultValues('web_page'))).not.toHaveProperty('quick_task_data');
  });
});
