import { defineElement } from '../define';
import { Home } from './Home';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * Home: greeting with the first name, company name and logo, counts of live and completed studies
 * (batches for batch users, derived by the server), and 'Create Study' for user type 1.
 *
 * @element gaze-home
 * @csspart greeting - The greeting.
 * @csspart company - Company name and logo.
 * @csspart logo - The company logo.
 * @csspart counts - The live and completed counts.
 * @csspart create-study - The 'Create Study' link.
 */
export const GazeHomeElement = defineElement('gaze-home', Home);

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-home': { attributes: CommonAttributes; events: CommonEvents };
  }
}
