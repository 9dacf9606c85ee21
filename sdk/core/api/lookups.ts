// Reference lists under /dashboard/data (spec D1 §7). Wire types come from the contract.
import type { LookupItem, LookupListName, LookupListResponse } from '../../../contract/lookups';
import { request, type ApiConfig } from './client';

export type { LookupItem, LookupListName } from '../../../contract/lookups';

export async function fetchLookupList(api: ApiConfig, name: LookupListName): Promise<LookupItem[]> {
  return (await request<LookupListResponse>(api, { url: `/dashboard/data/${name}` })).data;
}
