// My Validations (spec document 3 §2.16, resolution 23): the company's run-through records.
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [
  { path: 'my_validations', element: <GazeElement tag="gaze-validations" />, title: 'My Validations' },
];
