// Reference lists under /dashboard/data (spec D1 §7). Wire types come from the contract.
// A plain request gets the legacy client's bare array; the SDK asks for the {success, data}
// envelope with the Accept parameter the contract names (docs/decisions.md).
import type { LookupItem, LookupListName, LookupListEnvelope } from '../../../contract/lookups';
import { LOOKUP_ENVELOPE_ACCEPT } from '../../../contract/values/lookups';
import { request, type ApiConfig } from './client';

export type { LookupItem, LookupListName } from '../../../contract/lookups';

/** A lookup list in the enveloped form (a bare array is read too, so an older server still works). */
export async function fetchEnvelopedList<T>(api: ApiConfig, url: string): Promise<T[]> {
  const res = await request<LookupListEnvelope | T[]>(api, { url, accept: LOOKUP_ENVELOPE_ACCEPT });
  return (Array.isArray(res) ? res : res.data) as T[];
}

export function fetchLookupList(api: ApiConfig, name: LookupListName): Promise<LookupItem[]> {
  return fetchEnvelopedList<LookupItem>(api, `/dashboard/data/${name}`);
}
