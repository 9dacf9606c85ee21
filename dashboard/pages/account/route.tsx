import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [{ path: 'my_account', element: <GazeElement tag="gaze-account" /> }];
