// Super users act for another company (D1-073..D1-076). The list is GET
// /dashboard/data/companies_list; choosing one sets the SDK client's acting company, so every
// later call carries X-Company-Id, and the Shell re-mounts the page content to refetch it.
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { lookupList, switchCompany, useResource } from '../../sdk/index';
import { useGazeSelector } from '../../sdk/core/store/context';
import { selectActingCompanyId } from '../../sdk/core/session/selectors';
import { companySelectorDisabled } from './nav';

interface Company {
  id: number;
  internal_id?: string | null;
  name: string;
}

export function CompanySelector() {
  // Read with the page's config (the dashboard is not inside an element): the signed-in token.
  const list = useResource(lookupList, 'companies_list');
  // The key includes the acting company, so a switch refetches; the super user's list of companies
  // is the same whichever one they act for, so the selector keeps showing it meanwhile.
  const shown = useRef<Company[] | null>(null);
  if (list.data) shown.current = list.data as Company[];
  const companies = shown.current;
  const failed = list.status === 'error';
  const acting = useGazeSelector(selectActingCompanyId);
  const { pathname } = useLocation();

  if (failed) return null;
  return (
    <label className="gz-company">
      <span>Company</span>
      <select
        aria-label="Company"
        value={acting ?? ''}
        disabled={!companies || companySelectorDisabled(pathname)}
        onChange={(e) => switchCompany(e.target.value || null)}
      >
        {!companies ? <option value={acting ?? ''}>Loading…</option> : null}
        {(companies ?? []).map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
