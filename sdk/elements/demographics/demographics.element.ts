import { defineElement } from '../define';
import { Demographics } from './Demographics';

export const GazeDemographicsElement = defineElement('gaze-demographics', Demographics, {
  props: { studyId: 'number', studyName: 'string' },
});
