import { useParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

// The study id comes from the route (checklist resolution 19), never from browser storage.
function StudyBoard() {
  const { id = '' } = useParams();
  return (
    <>
      <GazeElement tag="gaze-study-tabs" attrs={{ 'study-id': id, active: 'structure' }} />
      <GazeElement tag="gaze-step-board" attrs={{ 'study-id': id }} />
    </>
  );
}

export const routes: AreaRoute[] = [{ path: 'my_studies/overview/:id/cell_step_management', heading: 'visible', element: <StudyBoard /> }];
