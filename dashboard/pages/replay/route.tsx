// The gaze replay of a placed stim (issue 23 item 2): /my_studies/overview/:id/replay?stim=cell:step:study:stim
// &participant=…&filters=… — reached from the KPI and feature reports. The address carries the
// respondent: picking another one in the element replaces it, so the page can be shared or reloaded.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import { StudyPage } from '../StudyPage';
import type { AreaRoute } from '../routes';

function Replay({ studyId }: { studyId: string }) {
  const [query, setQuery] = useSearchParams();
  useEffect(() => {
    const picked = (e: Event) => {
      const id = (e as CustomEvent<{ participant?: number }>).detail?.participant;
      if (!id) return;
      setQuery((q) => { const next = new URLSearchParams(q); next.set('participant', String(id)); return next; }, { replace: true });
    };
    document.addEventListener('gaze-replay-respondent', picked);
    return () => document.removeEventListener('gaze-replay-respondent', picked);
  }, [setQuery]);
  return (
    <GazeElement
      tag="gaze-replay"
      attrs={{
        'study-id': studyId,
        'stim-key': query.get('stim') ?? '',
        participant: query.get('participant') ?? undefined,
        filters: query.get('filters') ?? undefined,
      }}
    />
  );
}

export const routes: AreaRoute[] = [
  { path: 'my_studies/overview/:id/replay', heading: 'hidden', title: 'Gaze replay', element: <StudyPage render={(id) => <Replay studyId={id} />} /> },
];
