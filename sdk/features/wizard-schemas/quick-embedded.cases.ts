// The quick and embedded studies' §5 cases (checklist D3-103…D3-109) in the shape of rules.cases.ts:
// quick-embedded.test.ts runs them through the yup schemas and
// server/test/study-create/quick-embedded-mirror.test.ts through the server's rules; both agree.
import type { RuleCase } from './rules.cases';
import type { WizardValues } from './values';

const long = (n: number) => 'x'.repeat(n);
const longUrl = (n: number) => `https://a.example.com/${'x'.repeat(n - 22)}`;

/** A quick or embedded form that passes every rule (the other kinds: rules.cases.ts validValues). */
export function validQuickEmbedded(kind: 'quick' | 'embedded', base: WizardValues): WizardValues {
  return kind === 'quick'
    ? {
      ...base,
      name: 'Focus pages',
      quick_step_list: [{ type: 'external', url: 'https://pages.example.com/one', insert_parameter: 'pid' }, { type: 'external', url: 'https://pages.example.com/two', insert_parameter: '' }],
      quick_task_data: { ...base.quick_task_data, short_description: 'Look at two pages', start_date: '2026-12-01T09:00', expiry_date: '' },
    }
    : {
      ...base,
      name: 'Redirect test',
      number_of_cells: 2,
      include_panel_details: '2',
      panel_success: 'https://panel.example.com/done',
      embedded_page_list: [{ cell_index: 0, url: 'https://site.example.com/a' }, { cell_index: 1, url: 'https://site.example.com/b' }],
    };
}

const task = (over: Partial<WizardValues['quick_task_data']>) => ({
  quick_task_data: { panelist_role_id: 1, panel_id: 1, short_description: 'Pages', reward: 100, start_date: '', expiry_date: '', ...over },
});
const pages = (...urls: string[]) => ({ embedded_page_list: urls.map((url, cell_index) => ({ cell_index, url })) });

export const QUICK_EMBEDDED_CASES: RuleCase[] = [
  { id: 'D3-106 at least one external page', kind: 'quick', step: 'pages', set: { quick_step_list: [] }, field: 'quick_step_list', message: 'Required' },
  { id: 'D3-106 page URL required', kind: 'quick', step: 'pages', set: { quick_step_list: [{ type: 'external', url: ' ', insert_parameter: 'pid' }] }, field: 'quick_step_list.0.url', message: 'Required' },
  { id: 'D3-106 page URL valid', kind: 'quick', step: 'pages', set: { quick_step_list: [{ type: 'external', url: 'https://a.example.com/', insert_parameter: '' }, { type: 'external', url: 'pages/two', insert_parameter: '' }] }, field: 'quick_step_list.1.url', message: 'Must be a valid URL' },
  { id: 'D3-106 page URL at most 512', kind: 'quick', step: 'pages', set: { quick_step_list: [{ type: 'external', url: longUrl(513), insert_parameter: '' }] }, field: 'quick_step_list.0.url', message: 'Too long' },
  { id: 'D3-106 a local address is not a valid URL', kind: 'quick', step: 'pages', set: { quick_step_list: [{ type: 'external', url: 'http://localhost/page', insert_parameter: '' }] }, field: 'quick_step_list.0.url', message: 'Must be a valid URL' },
  { id: '§9 insert parameter at most 50', kind: 'quick', step: 'pages', set: { quick_step_list: [{ type: 'external', url: 'https://a.example.com/', insert_parameter: long(51) }] }, field: 'quick_step_list.0.insert_parameter', message: 'Too long' },
  { id: 'D3-107 panelist role required', kind: 'quick', step: 'task', set: task({ panelist_role_id: null }), field: 'quick_task_data.panelist_role_id', message: 'Required' },
  { id: 'D3-107 panel required', kind: 'quick', step: 'task', set: task({ panel_id: null }), field: 'quick_task_data.panel_id', message: 'Required' },
  { id: 'D3-107 short description required', kind: 'quick', step: 'task', set: task({ short_description: '' }), field: 'quick_task_data.short_description', message: 'Required' },
  { id: 'D3-107 short description at most 512', kind: 'quick', step: 'task', set: task({ short_description: long(513) }), field: 'quick_task_data.short_description', message: 'Too long' },
  { id: 'D3-107 reward required', kind: 'quick', step: 'task', set: task({ reward: '' }), field: 'quick_task_data.reward', message: 'Required' },
  { id: 'D3-107 reward a number', kind: 'quick', step: 'task', set: task({ reward: '100 points' }), field: 'quick_task_data.reward', message: 'Must be a number' },
  { id: 'D3-045 quick name required', kind: 'quick', step: 'basic', set: { name: '' }, field: 'name', message: 'Required' },
  { id: 'D3-109 context URL required', kind: 'embedded', step: 'context', set: pages('https://site.example.com/a', ''), field: 'embedded_page_list.1.url', message: 'Required' },
  { id: 'D3-109 context URL valid', kind: 'embedded', step: 'context', set: pages('site.example.com/a', 'https://site.example.com/b'), field: 'embedded_page_list.0.url', message: 'Must be a valid URL' },
  { id: 'D3-109 context URL at most 512', kind: 'embedded', step: 'context', set: pages('https://site.example.com/a', longUrl(513)), field: 'embedded_page_list.1.url', message: 'Too long' },
  { id: 'D3-108 a missing row is an empty URL', kind: 'embedded', step: 'context', set: pages('https://site.example.com/a'), field: 'embedded_page_list.1.url', message: 'Required' },
  { id: 'D3-108 rows past the last cell are not checked', kind: 'embedded', step: 'context', set: { number_of_cells: 3, ...pages('https://site.example.com/a', 'https://site.example.com/b', '', 'junk') }, field: 'embedded_page_list.2.url', message: 'Required' },
  { id: 'D3-056 redirect success URL required', kind: 'embedded', step: 'panel', set: { panel_success: '' }, field: 'panel_success', message: 'Required' },
  { id: 'D3-053 redirect success URL at most 200', kind: 'embedded', step: 'panel', set: { panel_success: longUrl(201) }, field: 'panel_success', message: 'Too long' },
];
