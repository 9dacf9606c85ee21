import { defineElement } from '../define';
import { Home } from './Home';

export const GazeHomeElement = defineElement('gaze-home', Home);
