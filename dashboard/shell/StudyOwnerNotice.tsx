// A super user following a link to another company's study: the element answers 'Study not found'
// (tenancy: reads are the acting company's), and the company selector is disabled on study pages
// (D1-074). This notice names the owning company (GET /studies/{id}/owner, super users only) and
// switches to it in place.
import { useLocation } from 'react-router';
import { sessionSelectors, studyOwner, switchCompany, useGazeSelector, useResource } from '../../sdk/index';
import { ownerNotice, studyIdOfPath } from './nav';

export function StudyOwnerNotice() {
  const { pathname } = useLocation();
  const studyId = studyIdOfPath(pathname);
  const acting = useGazeSelector(sessionSelectors.selectActingCompanyId);
  const owner = useResource(studyOwner, studyId ?? 0, { enabled: studyId !== null });
  const text = studyId === null ? null : ownerNotice(owner.data, acting);
  if (!text || !owner.data) return null;
  const target = owner.data;
  return (
    <div className="gz-owner-notice" role="status">
      <span>{text}</span>
      <button type="button" onClick={() => switchCompany(String(target.company_id))}>
        Switch to {target.company_name}
      </button>
    </div>
  );
}
