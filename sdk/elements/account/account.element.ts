import { defineElement } from '../define';
import { Account } from './Account';

/** <gaze-account>: the signed-in user's profile form. */
export const GazeAccountElement = defineElement('gaze-account', Account);
