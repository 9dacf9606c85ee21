import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [{ path: 'contact_us', element: <GazeElement tag="gaze-contact" /> }];
