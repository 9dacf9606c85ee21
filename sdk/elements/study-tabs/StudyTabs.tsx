// The three-tab bar of a study's working pages (D2-051, D2-052): 'Study Specific Stims', 'Edit
// Study Details', 'Edit Study Structure'. Real links (gaze-navigate), the current page marked;
// the bar hides once the page is scrolled down more than 10 px and returns near the top.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link, tokens } from '../../ui';

export const HIDE_AFTER_PX = 10;
export type StudyTab = 'stims' | 'details' | 'structure';

export const STUDY_TABS: { id: StudyTab; label: string; path: (studyId: string) => string }[] = [
  { id: 'stims', label: 'Study Specific Stims', path: (s) => `/my_studies/overview/${s}/study-specific-stims` },
  { id: 'details', label: 'Edit Study Details', path: (s) => `/my_studies/overview/${s}/edit-details` },
  { id: 'structure', label: 'Edit Study Structure', path: (s) => `/my_studies/overview/${s}/cell_step_management` },
];

const Bar = styled.nav`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${tokens.surface};
  border-bottom: 1px solid ${tokens.border};
  transition: transform 150ms ease, opacity 150ms ease;
  &[data-hidden='true'] { transform: translateY(-100%); opacity: 0; pointer-events: none; }
  ul { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0; padding: 0; }
  a {
    display: inline-block;
    padding: 10px 16px;
    color: ${tokens.text};
    text-decoration: none;
    border-bottom: 3px solid transparent;
    font-weight: 500;
  }
  a:hover { color: ${tokens.primaryStrong}; }
  a:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: -2px; }
  a[aria-current='page'] { border-bottom-color: ${tokens.primary}; color: ${tokens.primaryStrong}; }
`;

/** Whether the bar hides at this scroll position (strictly more than 10 px down). */
export const hiddenAt = (scrollY: number) => scrollY > HIDE_AFTER_PX;

export function StudyTabs({ studyId, active }: { studyId?: string; active?: string }) {
  const [hidden, setHidden] = useState(() => (typeof window !== 'undefined' ? hiddenAt(window.scrollY) : false));
  useEffect(() => {
    const onScroll = () => setHidden(hiddenAt(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!studyId) return null;
  return (
    <Bar aria-label="Study pages" data-hidden={hidden ? 'true' : 'false'} aria-hidden={hidden || undefined} part="study-tabs">
      <ul>
        {STUDY_TABS.map((t) => (
          <li key={t.id}>
            <Link href={t.path(studyId)} aria-current={active === t.id ? 'page' : undefined} tabIndex={hidden ? -1 : undefined} part="tab">
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
