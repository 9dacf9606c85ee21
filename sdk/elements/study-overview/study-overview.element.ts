import { defineElement, type Dependencies } from '../define';
import { StudyOverview } from './StudyOverview';
import type { CommonAttributes, CommonEvents } from '../registry';

/**
 * A study's overview: '{study name} Overview', the status badge ('LIVE STUDY', 'Study
 * completed', or 'Not live: {phase}'), the phase tracker with 'Complete study' (and its
 * confirmation), the 'Congratulations' results banner with 'View results', links to the study's
 * pages, and the blocks: study details, structure, survey details, stims (long names cut to 11
 * characters + '…' with the full name in a tooltip), panels (<gaze-panels>), panel links
 * (<gaze-panel-links>), order timeline, actions, run-through ('Automate', super users only).
 * The loader shows at least 500 ms.
 *
 * @element gaze-study-overview
 * @attr {string} study-id - The study (required).
 * @fires {{ path: string }} gaze-navigate - A link was followed.
 * @csspart study-overview - The whole overview.
 * @csspart loader - The loader.
 * @csspart status - The status badge.
 * @csspart phases - The phase tracker.
 * @csspart complete-study - The 'Complete study' button.
 * @csspart lifecycle - The row of life-cycle buttons (Launch, Pause, Resume, Complete study).
 * @csspart launch - The 'Launch' (or, for super users with unmet checks, 'Launch anyway') button.
 * @csspart launch-checks - The list of launch checks not met yet.
 * @csspart pause - The 'Pause' button.
 * @csspart resume - The 'Resume' button.
 * @csspart lifecycle-error - Why the last launch, pause, resume or completion was refused.
 * @csspart completed-tick - What replaces it once complete.
 * @csspart results-banner - The 'Congratulations' banner.
 * @csspart view-results - The 'View results' link.
 * @csspart survey-questions - The permanently disabled survey-questions button.
 * @csspart subscribe - The subscribe button.
 * @csspart subscribed - The subscribed note.
 * @csspart subscribe-dialog - The subscribe dialog.
 * @csspart date-range - The data collection dates.
 * @csspart planned-range - The planned (proposed) data collection dates.
 * @csspart stims - The stims list.
 * @csspart timeline - The order timeline.
 * @csspart actions - The actions list.
 * @csspart run-throughs - The run-through list.
 * @csspart run-through-refused - A run-through's count of requests its egress proxy refused.
 * @csspart automate - The 'Automate' button.
 */
/** The blocks placed by tag: loaded by this element, so its per-element build works alone. */
export const dependencies = {
  'gaze-panels': () => import('../panels/panels.element'),
  'gaze-panel-links': () => import('../panel-links/panel-links.element'),
  'gaze-share-embed': () => import('../share-embed/share-embed.element'),
} as const satisfies Dependencies;

export const GazeStudyOverviewElement = defineElement('gaze-study-overview', StudyOverview, { props: { studyId: 'string' }, dependencies });

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-study-overview': { attributes: CommonAttributes & { 'study-id': string }; events: CommonEvents };
  }
}
