import { defineElement } from '../define';
import { StudyWizard } from './StudyWizard';
import type { CommonAttributes, CommonEvents, StudyCreatedDetail } from '../registry';

/**
 * The study-creation wizard of one kind: Basic Details, Question Details, Panel Details, the
 * kind's setup step and Review ('Your project is ready for review'); Back / Next / Review / Create
 * / Cancel ('Leave this page?'); Advanced Settings; a red toast for 6000 ms when creation fails.
 * Every kind: generic, web page, rich media, video (YouTube), VAST, social, quick (Lumen panel
 * set-up: External Pages and Lumen Panel Data) and embedded (Redirect Details and Context
 * Details). Rich media and quick are super users' kinds (the server refuses them to others, 403).
 * The custom study does not create a type another wizard sets up: it links to those wizards.
 *
 * @element gaze-study-wizard
 * @attr {string} kind - generic | web_page | rich_media | video | vast | social | quick | embedded, or the
 *   route name (custom-study, digital-ad-test, digital-rich-study, YouTube-study, vast-ad-test,
 *   social-media-study, Lumen-panel-setup, embedded-study).
 * @fires {{ study_id: number, study_type_id: number, start_url: string, start_url_test: string, incontext_urls: { step_url: string }[], path: string }} gaze-study-created - The study was created; cancelable: preventDefault() keeps the wizard from navigating.
 * @fires {{ path: string }} gaze-navigate - After creation (the thank-you page or the board), or 'yes, i want to leave' (/create-study).
 * @csspart study-wizard - The wizard.
 * @csspart next - Next / Review / Create.
 * @csspart back - Back.
 * @csspart cancel - Cancel.
 * @csspart advanced - The Advanced Settings button.
 * @csspart advanced-dialog - The Advanced Settings dialog.
 * @csspart advanced-fields - The Advanced Settings fields, in as many columns as the width holds.
 * @csspart page - One web page of the web page setup.
 * @csspart stim-row - One stim row.
 * @csspart list-error - The list-level error of the web page setup.
 * @csspart review-section - One accordion of the review.
 * @csspart edit-step - The edit button of a review accordion.
 * @csspart cells - The number-of-cells slider (1–20).
 * @csspart panel-size - The panel-size slider (100–1000, step 10).
 * @csspart advanced-close - Close of Advanced Settings (reverts the changes).
 * @csspart advanced-save - Save of Advanced Settings (keeps the changes).
 * @csspart social-setup - The Social Page Setup step (platform and ad type pickers, the form, the preview).
 * @csspart social-preview - The live platform preview; preview-frame its 375 x 667 phone or desktop column.
 * @csspart external-pages - The quick study's External Pages step; external-page one page row,
 *   add-page / remove-page its buttons.
 * @csspart lumen-panel-data - The quick study's Lumen Panel Data step.
 * @csspart context-details - The embedded study's Context Details step; context-row one cell's URL row.
 * @csspart study-type - The custom study's Study type select.
 * @csspart own-wizard - The note shown when the custom study's chosen type has its own wizard.
 * @csspart wizard-link - A link in that note to a wizard that makes the type.
 */
export const GazeStudyWizardElement = defineElement('gaze-study-wizard', StudyWizard, { props: { kind: 'string' } });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-study-wizard': {
      attributes: CommonAttributes & { kind: string };
      events: CommonEvents & { 'gaze-study-created': StudyCreatedDetail };
    };
  }
}
