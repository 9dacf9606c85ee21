import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { Validations } from './Validations';

/**
 * My Validations: the acting company's run-through records (automated run-throughs and test
 * sessions) with search, a result filter, sorting by Executed_by, Date and Result, 5 per page.
 * Clicking a study name orders a new run-through (super users only; others see why not).
 *
 * @element gaze-validations
 * @csspart validations - The whole surface.
 * @csspart filter - The filter menu button.
 * @csspart study-name - A study name button.
 * @csspart refused-requests - Under a cell of a run-through: the requests its egress proxy refused.
 */
export const GazeValidationsElement = defineElement('gaze-validations', Validations, { props: {} });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-validations': { attributes: CommonAttributes; events: CommonEvents };
  }
}
