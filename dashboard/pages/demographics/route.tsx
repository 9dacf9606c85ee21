import { GazeElement } from '../GazeElement';
import { StudyPage } from '../StudyPage';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [
  {
    path: 'my_studies/overview/:id/demographics',
    element: <StudyPage render={(id) => <GazeElement tag="gaze-demographics" attrs={{ 'study-id': id }} />} />,
  },
];
