// Super users act for another company (D1-073..D1-076). The list is GET
// /dashboard/data/companies_list; choosing one sets the SDK client's acting company, so every
// later call carries X-Company-Id, and the Shell re-mounts the page content to refetch it.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api, sessionSelectors, switchCompany, useGazeSelector } from '../../sdk/index';
import { companySelectorDisabled } from './nav';

interface Company {
  id: number;
  internal_id?: string | null;
  name: string;
}

export function CompanySelector() {
  const [companies, setCompanies] = useState<Company[] | null>(null);
  const [failed, setFailed] = useState(false);
  const acting = useGazeSelector(sessionSelectors.selectActingCompanyId);
  const { pathname } = useLocation();

  useEffect(() => {
    let live = true;
    api
      .get<{ data: Company[] }>('/dashboard/data/companies_list')
      .then((res) => live && setCompanies(res.data.data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

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
