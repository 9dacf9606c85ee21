import { defineElement } from '../define';
import { OrderConfirmation } from './OrderConfirmation';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * The order confirmation after a study is created: 'Thank you for your order.', 'Your project is
 * ready number {id}. …', 'Back to home', 'Continue to study details', and, when this browser tab
 * created the study, the links table ('Study Previews': test and real take-study links without
 * '&participant=', 'Automate' for super users) and 'Page Previews' ('View Page N').
 *
 * @element gaze-order-confirmation
 * @attr {string} study-id - The study (required).
 * @fires {{ path: string }} gaze-navigate - Back to home or Continue to study details was followed.
 * @csspart order-confirmation - The page.
 * @csspart ready - The 'Your project is ready…' sentence.
 * @csspart home - 'Back to home'.
 * @csspart details - 'Continue to study details'.
 * @csspart links - The study previews table.
 * @csspart test-link - 'Take a test study'.
 * @csspart real-link - 'Take a real study'.
 * @csspart automate - 'Automate'.
 * @csspart pages - The page previews table.
 * @csspart page-row - One page preview.
 * @csspart page-cell - The cell a page preview belongs to (a study with several cells).
 */
export const GazeOrderConfirmationElement = defineElement('gaze-order-confirmation', OrderConfirmation, { props: { studyId: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-order-confirmation': { attributes: CommonAttributes & { 'study-id': string }; events: CommonEvents };
  }
}
