import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { ReplayElement } from './Replay';

/**
 * Gaze replay: one respondent's fixations (and raw gaze samples as a faint trail) replayed over a
 * placed stim on the exposure's own clock, with play / pause, speed and a scrubber; the stim's
 * AOIs outlined and the viewable intervals shaded on the timeline. A picker lists the stim's
 * respondents (test sessions marked), after the report's demographic filters. A video stim plays
 * under the replay, its time following the replay clock. Keyboard: Space plays or pauses, the
 * arrow keys scrub 0.1 s (with Shift 1 s), Home and End jump to the start and the end.
 *
 * @element gaze-replay
 * @attr {string | number} study-id - The study.
 * @attr {string} stim-key - The placed stim `cell:step:study:stim` (its study must be study-id).
 * @attr {string | number} participant - The respondent to replay first (participant id); default the first with fixations.
 * @attr {string} filters - The report's demographic filters as JSON, e.g. `{"age_group_ids":[1,2]}`.
 * @fires {{ participant: number }} gaze-replay-respondent - Another respondent was picked.
 * @fires {{ path: string }} gaze-navigate - The way back from a stim that is not found was followed.
 * @csspart gaze-replay - The whole replay.
 * @csspart replay-heading - The heading with the stim's name.
 * @csspart respondent-count - How many respondents match (and how many are listed).
 * @csspart retention-notice - "Raw gaze data for this study was removed on dd/mm/yyyy under the company's retention policy" (issue 41).
 * @csspart no-respondents - Said when nobody has seen the stim (or matches the search).
 * @csspart respondent-status - The respondent shown: test session, viewable, viewed, in the report base.
 * @csspart stim-image - The stim (image stims, or a still of a markup stim).
 * @csspart video - The video stim, its time following the replay clock.
 * @csspart fixation-readout - The fixation under way, in words (a polite live region).
 * @csspart play - The Play / Pause button.
 * @csspart scrub - The time slider.
 * @csspart clock - The time shown, of the duration.
 * @csspart timeline-legend - What the timeline shows, and the viewable intervals in words.
 * @csspart respondent-picker - The respondent search and list.
 * @csspart player - The player (stim, overlay, controls, timeline); focusable, takes the keys.
 * @csspart stage - The stim with the gaze overlay.
 * @csspart aoi - One AOI outline.
 * @csspart fixation - A fixation already made.
 * @csspart current-fixation - The fixation under way.
 * @csspart sample-trail - The raw samples of the last second.
 * @csspart controls - Play, scrubber, clock and speed.
 * @csspart timeline - The timeline with the viewable intervals.
 * @csspart viewable-interval - One viewable interval on the timeline.
 */
export const GazeReplayElement = defineElement('gaze-replay', ReplayElement, {
  props: { studyId: 'number', stimKey: 'string', participant: 'number', filters: 'string' },
});

declare module '../registry' {
  interface GazeElementRegistry {
    'gaze-replay': {
      attributes: CommonAttributes & { 'study-id': string | number; 'stim-key': string; participant?: string | number; filters?: string };
      events: CommonEvents & { 'gaze-replay-respondent': { participant: number } };
    };
  }
}
