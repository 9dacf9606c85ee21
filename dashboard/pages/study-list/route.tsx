import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [{ path: 'my_studies', heading: 'visible', element: <GazeElement tag="gaze-study-list" /> }];
