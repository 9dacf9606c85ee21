// The order confirmation after a study is created (spec D3 §2.9).
import { GazeElement } from '../GazeElement';
import { StudyPage } from '../StudyPage';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [
  {
    path: 'my_studies/overview/:id/thank_you',
    element: <StudyPage render={(id) => <GazeElement tag="gaze-order-confirmation" attrs={{ 'study-id': id }} />} />,
    title: 'Thank you',
  },
];
