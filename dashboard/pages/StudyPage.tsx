// Study-level pages (/my_studies/overview/:id/…): the study id from the route, checked before any
// element is placed. An id that cannot be a study ('abc', '43.0', '0') shows the study not-found
// state with a way back; a well-formed id the server does not know is the element's to say (a 404
// → the kit's NotFoundState, same words). Usage in an area's route.tsx:
//   { path: 'my_studies/overview/:id/board', element: <StudyPage render={(id) => <GazeElement tag="gaze-step-board" attrs={{ 'study-id': id }} />} /> }
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { StudyNotFound } from './NotFound';

/** A decimal id the API accepts: 1 … 2^31 − 1, no sign, no leading zero, no decimals (contract/common.ts). */
export function isStudyId(value: string | undefined): value is string {
  return value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2147483647;
}

export function StudyPage({ render, param = 'id' }: { render: (studyId: string) => ReactNode; param?: string }) {
  const id = useParams()[param];
  return isStudyId(id) ? <>{render(id)}</> : <StudyNotFound />;
}
