// 'Lumen Panel Data' of the quick study wizard (spec D3 §2.7, §3; D3-104, D3-105, D3-107): the
// panel assignment — panelist role and panel from the lookup lists (desktop or mobile is chosen by
// the panel), a short description panelists read, the reward (typically 100) and the window the
// task is open in (datetime-local here, sent as YYYY-MM-DD HH:mm:ss).
import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { itemsOf, lookupList } from '../../core/lookups/lists';
import { Select, TextField, tokens } from '../../ui';
import type { QuickTaskValues } from '../wizard-schemas/quick-values';

const Grid = styled.div`display: grid; gap: ${tokens.space3}; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); margin-bottom: ${tokens.space3};`;

function IdSelect({ label, list, value, error, onChange }: {
  label: string; list: 'panelistroles_list' | 'panels_list'; value: number | null; error?: string; onChange: (id: number | null) => void;
}) {
  const r = useResource(lookupList, list);
  const items = itemsOf(r.data);
  const options = items.map((i) => ({ value: String(i.id), label: i.name }));
  // The default (1) shows before the list arrives, and stays shown if the list fails.
  if (value !== null && !options.some((o) => o.value === String(value))) options.unshift({ value: String(value), label: r.error ? String(value) : 'Loading…' });
  return (
    <Select label={label} placeholder="Choose…" value={value === null ? '' : String(value)} options={options} error={error ?? null}
      aria-busy={r.loading || undefined} onChange={(v) => onChange(v ? Number(v) : null)} />
  );
}

export interface LumenPanelDataProps {
  task: QuickTaskValues;
  errors: Record<string, string>;
  onChange: (task: QuickTaskValues) => void;
}

export function LumenPanelData({ task, errors, onChange }: LumenPanelDataProps) {
  const set = <K extends keyof QuickTaskValues>(k: K, v: QuickTaskValues[K]) => onChange({ ...task, [k]: v });
  const err = (k: keyof QuickTaskValues) => errors[`quick_task_data.${k}`];
  const field = (k: 'reward' | 'start_date' | 'expiry_date', label: string, extra: { type?: string; inputMode?: 'decimal' } = {}) => (
    <TextField label={label} value={String(task[k] ?? '')} error={err(k) ?? null} {...extra}
      onChange={(e: ChangeEvent<HTMLInputElement>) => set(k, e.target.value)} />
  );
  return (
    <div part="lumen-panel-data">
      <Grid>
        <IdSelect label="Panelist role" list="panelistroles_list" value={task.panelist_role_id} error={err('panelist_role_id')} onChange={(v) => set('panelist_role_id', v)} />
        <IdSelect label="Panel" list="panels_list" value={task.panel_id} error={err('panel_id')} onChange={(v) => set('panel_id', v)} />
      </Grid>
      <TextField label="Short description" multiline value={task.short_description} error={err('short_description') ?? null}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => set('short_description', e.target.value)} />
      <Grid>
        {field('reward', 'Reward', { inputMode: 'decimal' })}
        {field('start_date', 'Start date', { type: 'datetime-local' })}
        {field('expiry_date', 'Expiry date', { type: 'datetime-local' })}
      </Grid>
    </div>
  );
}

/** The Review rows of 'Lumen Panel Data', the role and panel by name (lists fetched only when enabled). */
export function useLumenPanelReview(task: QuickTaskValues, enabled: boolean): [string, string][] {
  const roles = itemsOf(useResource(lookupList, 'panelistroles_list', { enabled }).data);
  const panels = itemsOf(useResource(lookupList, 'panels_list', { enabled }).data);
  const name = (items: typeof roles, id: number | null) => (id === null ? '' : items.find((i) => i.id === id)?.name ?? String(id));
  return [
    ['Panelist role', name(roles, task.panelist_role_id)], ['Panel', name(panels, task.panel_id)],
    ['Short description', task.short_description], ['Reward', String(task.reward)],
    ['Start date', task.start_date.replace('T', ' ')], ['Expiry date', task.expiry_date.replace('T', ' ')],
  ];
}
