import type { LookupItem, LookupListName } from '../api/lookups';
import type { LookupsState } from './slice';

type S = { lookups: LookupsState };

const EMPTY: LookupItem[] = [];

export const selectLookupList = (name: LookupListName) => (s: S) => s.lookups.lists[name] ?? EMPTY;
export const selectLookupLoaded = (name: LookupListName) => (s: S) => s.lookups.lists[name] !== undefined;

/** {value, label} options from a list whose items are {id, name} or {code, description}. */
export function lookupOptions(items: LookupItem[]): { value: number; label: string }[] {
  return items
    .map((i) => ({ value: Number(i.id ?? i.code), label: String(i.name ?? i.description ?? i.code ?? i.id ?? '') }))
    .filter((o) => Number.isFinite(o.value));
}
