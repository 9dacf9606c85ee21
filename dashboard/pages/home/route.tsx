import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [{ path: '', element: <GazeElement tag="gaze-home" /> }];
