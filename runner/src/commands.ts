// Command steps (issue 22 item 1): the board's commands are lookup items (server/domain/lookups.ts
// kind 'command': Calibrate, Recalibrate, Start camera, Stop camera); the play plan names the
// command. What the runner does with each, and what it says, is decided here (pure, unit tested).

export type CommandAction = 'calibrate' | 'start_camera' | 'stop_camera';

/** The action a command's name asks for; null for a name this runner does not know. */
export function commandAction(name: string | null | undefined): CommandAction | null {
  const n = (name ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (n === 'calibrate' || n === 'recalibrate') return 'calibrate';
  if (n === 'start camera') return 'start_camera';
  if (n === 'stop camera') return 'stop_camera';
  return null;
}

/**
 * What a camera command says before Next, for a source that is not the webcam (nothing to do: the
 * session goes on with its source) or for the webcam (after the command ran). Pure.
 */
export function cameraNote(action: 'start_camera' | 'stop_camera', source: { kind: string; label: string }, outcome?: 'on' | 'already_on' | 'off' | 'already_off'): string {
  if (source.kind !== 'webcam') {
    const what = source.kind === 'mouse' ? 'the mouse cursor as gaze' : source.label.toLowerCase();
    return action === 'start_camera'
      ? `This session uses ${what}: no camera is needed. Continue.`
      : `This session uses ${what}: there is no camera to stop. Continue.`;
  }
  switch (outcome) {
    case 'already_on': return 'The camera is already on. Continue.';
    case 'off': return 'The camera is off: nothing is recorded from it until it is started again.';
    case 'already_off': return 'The camera is already off. Continue.';
    default: return 'The camera is on. Continue.';
  }
}
