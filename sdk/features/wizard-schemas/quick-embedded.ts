// The quick study's and the embedded/redirect study's §5 rules (their values: quick-values.ts)
// (spec D3 §2.7, §2.8, §3, §5; checklist D3-103…D3-109). The server applies the same rules
// (server/routes/study-create/rules.ts quickRules / embeddedRules) with the same field paths.
import { mixed, object } from 'yup';
import { CREATE_DATE_FORMAT, CREATE_LIMITS as L, CREATE_MESSAGES as M } from '../../core/api/study-create';
import { embeddedPagesFor } from './quick-values';
import { isWebUrl } from './url';
import type { WizardValues } from './values';
import { many } from './many';

const urlError = (v: string | null | undefined): string | null => {
  const s = (v ?? '').trim();
  if (!s) return M.required;
  if (s.length > L.url) return M.tooLong;
  return isWebUrl(s) ? null : M.url;
};

/** 'External Pages' (D3-106): at least one page; each URL required, valid, at most 512; insert parameter at most 50. */
export function quickPagesErrors(v: Pick<WizardValues, 'quick_step_list'>): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.quick_step_list.length) return { quick_step_list: M.required };
  v.quick_step_list.forEach((s, i) => {
    const u = urlError(s.url);
    if (u) e[`quick_step_list.${i}.url`] = u;
    if ((s.insert_parameter ?? '').trim().length > L.insertParameter) e[`quick_step_list.${i}.insert_parameter`] = M.tooLong;
  });
  return e;
}

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?$/;
/** 'Lumen Panel Data' (D3-107): role and panel required; short description required, at most 512; reward required, a number. */
export function quickTaskErrors(v: Pick<WizardValues, 'quick_task_data'>): Record<string, string> {
  const t = v.quick_task_data;
  const e: Record<string, string> = {};
  if (t.panelist_role_id === null || t.panelist_role_id === undefined) e['quick_task_data.panelist_role_id'] = M.required;
  if (t.panel_id === null || t.panel_id === undefined) e['quick_task_data.panel_id'] = M.required;
  const d = (t.short_description ?? '').trim();
  if (!d) e['quick_task_data.short_description'] = M.required;
  else if (d.length > L.shortDescription) e['quick_task_data.short_description'] = M.tooLong;
  const r = typeof t.reward === 'string' ? t.reward.trim() : t.reward;
  if (r === '' || r === null || r === undefined) e['quick_task_data.reward'] = M.required;
  else if (!Number.isFinite(Number(r))) e['quick_task_data.reward'] = M.number;
  for (const f of ['start_date', 'expiry_date'] as const) {
    if (t[f] && !DATE.test(t[f].trim())) e[`quick_task_data.${f}`] = `Use ${CREATE_DATE_FORMAT}`;
  }
  return e;
}

/** 'Context Details' (D3-109): each cell's URL required, valid, at most 512 (the list follows the cells). */
export function embeddedErrors(v: Pick<WizardValues, 'embedded_page_list' | 'number_of_cells'>): Record<string, string> {
  const e: Record<string, string> = {};
  embeddedPagesFor(v.embedded_page_list, v.number_of_cells).forEach((p, i) => {
    const u = urlError(p.url);
    if (u) e[`embedded_page_list.${i}.url`] = u;
  });
  return e;
}

/** A yup object whose one test reports a step's field errors at once. */
const stepSchema = (field: keyof WizardValues, fn: (v: WizardValues) => Record<string, string>) =>
  object({ [field]: mixed().nullable().test(String(field), M.required, many(String(field), fn)) });

export const quickPagesSchema = stepSchema('quick_step_list', quickPagesErrors);
export const quickTaskSchema = stepSchema('quick_task_data', quickTaskErrors);
export const embeddedSchema = stepSchema('embedded_page_list', embeddedErrors);
