import { useParams } from 'react-router';
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

function Demographics() {
  const { id = '' } = useParams();
  return <GazeElement tag="gaze-demographics" attrs={{ 'study-id': id }} />;
}

export const routes: AreaRoute[] = [{ path: 'my_studies/overview/:id/demographics', element: <Demographics /> }];
