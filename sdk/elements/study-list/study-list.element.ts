import { defineElement } from '../define';
import { StudyList } from './StudyList';

export const GazeStudyListElement = defineElement('gaze-study-list', StudyList);
