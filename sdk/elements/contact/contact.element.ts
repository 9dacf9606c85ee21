import { defineElement } from '../define';
import { Contact } from './Contact';

/** <gaze-contact>: contact-us form. */
export const GazeContactElement = defineElement('gaze-contact', Contact);
