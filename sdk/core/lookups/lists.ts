// Reference lists under /dashboard/data: fetched once per page and scope (some, like brands, are
// per company), shared by every element that asks.
import { fetchLookupList, type LookupItem, type LookupListName } from '../api/lookups';
import { createResource } from '../resource/resource';

export const lookupList = createResource<LookupListName, LookupItem[]>({
  name: 'lookups/list',
  fetch: fetchLookupList,
  once: true,
});

const EMPTY: LookupItem[] = [];
/** A list's items, or one shared empty list before it arrives (no re-render churn). */
export const itemsOf = (data: LookupItem[] | null): LookupItem[] => data ?? EMPTY;

/** {value, label} options from a list whose items are {id, name} or {code, description}. */
export function lookupOptions(items: readonly Partial<LookupItem>[]): { value: number; label: string }[] {
  return items
    .map((i) => ({ value: Number(i.id ?? i.code), label: String(i.name ?? i.description ?? i.code ?? i.id ?? '') }))
    .filter((o) => Number.isFinite(o.value));
}
