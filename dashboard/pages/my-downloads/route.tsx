// My Downloads (issue 19): the user's downloaded files and exports.
import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [
  { path: 'my_downloads', element: <GazeElement tag="gaze-my-downloads" />, title: 'My Downloads' },
];
