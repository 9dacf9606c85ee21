// The quick study's and the embedded/redirect study's own form values and defaults (spec D3 §2.7,
// §2.8; D3-105, D3-108). Apart from their rules (quick-embedded.ts), which read the whole form's
// values (values.ts): values.ts builds on these, so one file would be an import cycle.
import { QUICK_DEFAULTS } from '../../core/api/study-create';

/** One 'External Pages' row: a study page and the parameter the participant id is inserted as. */
export interface QuickStepValues { type: 'external'; url: string; insert_parameter: string }
/** 'Lumen Panel Data': ids of the panelist_role and recruitment_panel lists; dates as datetime-local values until sent. */
export interface QuickTaskValues {
  panelist_role_id: number | null;
  panel_id: number | null;
  short_description: string;
  reward: number | string;
  start_date: string;
  expiry_date: string;
}
/** 'Context Details': the URL of one cell. */
export interface EmbeddedPageValues { cell_index: number; url: string }

export const blankQuickStep = (): QuickStepValues => ({ type: 'external', url: '', insert_parameter: '' });
/** D3-105: panelist role 1, panel 1, reward 100. */
export const quickTaskDefaults = (): QuickTaskValues => ({
  panelist_role_id: QUICK_DEFAULTS.panelistRoleId, panel_id: QUICK_DEFAULTS.panelId, short_description: '',
  reward: QUICK_DEFAULTS.reward, start_date: '', expiry_date: '',
});

/**
 * D3-108: embedded_page_list as long as number_of_cells — rows added with empty URLs, surplus rows
 * cut, cell_index renumbered. Returns the same array when nothing changes (no re-render).
 */
export function embeddedPagesFor(list: readonly EmbeddedPageValues[], cells: number): EmbeddedPageValues[] {
  const n = Math.max(0, Math.floor(Number(cells) || 0));
  if (list.length === n && list.every((p, i) => p.cell_index === i)) return list as EmbeddedPageValues[];
  return Array.from({ length: n }, (_, i) => ({ cell_index: i, url: list[i]?.url ?? '' }));
}
