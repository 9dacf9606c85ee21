// A study's own stims, under the study's three-tab bar (<gaze-study-tabs>, the overview area's).
import { useParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

function StudyStims() {
  const { id = '' } = useParams();
  return (
    <>
      <GazeElement tag="gaze-study-tabs" attrs={{ 'study-id': id, active: 'stims' }} />
      <GazeElement tag="gaze-stim-library" attrs={{ 'study-id': id }} />
    </>
  );
}

export const routes: AreaRoute[] = [{ path: 'my_studies/overview/:id/study-specific-stims', heading: 'visible', element: <StudyStims /> }];
