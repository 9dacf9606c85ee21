import { defineElement } from '../define';
import { StudyChooser } from './StudyChooser';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * Choose your study: 'Create custom study' (/create-study/custom-study) and the cards Social Media,
 * Digital Ad Test, YouTube and Vast Ad Test; super users also see Digital Rich Media and Focus
 * Project Setup. Links emit gaze-navigate on a plain click.
 *
 * @element gaze-study-chooser
 * @fires {{ path: string }} gaze-navigate - A study kind was chosen.
 * @csspart study-chooser - The page.
 * @csspart custom - 'Create custom study'.
 * @csspart card - One study-kind card (a link).
 */
export const GazeStudyChooserElement = defineElement('gaze-study-chooser', StudyChooser, { props: {} });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-study-chooser': { attributes: CommonAttributes; events: CommonEvents };
  }
}
