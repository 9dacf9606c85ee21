// Reference lists under /dashboard/data (spec D1 §7). Items carry {id, name} and/or {code, description}.
import { request, type ApiConfig } from './client';

export interface LookupItem {
  id?: number | string;
  name?: string;
  code?: string;
  description?: string;
}

/** The lists the SDK reads; extend as elements need more. */
export type LookupListName =
  | 'environments_list'
  | 'medias_list'
  | 'stimtypes_list'
  | 'adtypes_list'
  | 'studytypes_list'
  | 'projectlocations_list'
  | 'studylanguages_list'
  | 'brands_list'
  | 'brandcategorys_list'
  | 'adcategorys_list'
  | 'panels_list'
  | 'panelistroles_list'
  | 'incontextsites_list'
  | 'companies_list';

/** Answers arrive as {success, data:[…]} (or a bare array from older servers). */
export function unwrapList<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const d = (body as { data?: unknown } | null)?.data;
  return Array.isArray(d) ? (d as T[]) : [];
}

export async function fetchLookupList(api: ApiConfig, name: LookupListName): Promise<LookupItem[]> {
  return unwrapList<LookupItem>(await request(api, { url: `/dashboard/data/${name}` }));
}
