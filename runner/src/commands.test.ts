// Issue 22 item 1: Command steps — which action each board command asks for, and what the runner
// says for a session on the mouse or simulated source (no camera) and on the webcam.
import { describe, expect, it, vi } from 'vitest';
import { cameraNote, commandAction } from './commands';

vi.mock('./webcam/index', () => { throw new Error('the webcam chunk must not be imported'); });

describe('command steps (issue 22 item 1)', () => {
  it('maps the board commands (server/domain/lookups.ts) to actions', () => {
    expect(['Calibrate', 'Recalibrate', 'Start camera', 'Stop camera', ' start  CAMERA ', 'Dance', null].map(commandAction))
      .toEqual(['calibrate', 'calibrate', 'start_camera', 'stop_camera', 'start_camera', null, null]);
  });
  it('without a webcam: says the session uses its source and continues', () => {
    const mouse = { kind: 'mouse', label: 'Mouse cursor as gaze' };
    expect(cameraNote('start_camera', mouse)).toBe('This session uses the mouse cursor as gaze: no camera is needed. Continue.');
    expect(cameraNote('stop_camera', mouse)).toBe('This session uses the mouse cursor as gaze: there is no camera to stop. Continue.');
    expect(cameraNote('start_camera', { kind: 'simulated', label: 'Simulated gaze (automated run)' })).toBe('This session uses simulated gaze (automated run): no camera is needed. Continue.');
  });
  it('with the webcam: says what the command did', () => {
    const cam = { kind: 'webcam', label: 'Webcam eye tracking' };
    expect(cameraNote('start_camera', cam, 'on')).toBe('The camera is on. Continue.');
    expect(cameraNote('start_camera', cam, 'already_on')).toBe('The camera is already on. Continue.');
    expect(cameraNote('stop_camera', cam, 'off')).toBe('The camera is off: nothing is recorded from it until it is started again.');
  });
  it('the mouse and simulated sources never import the webcam adapter; loadWebcamSource does', async () => {
    const { gazeSource, loadWebcamSource } = await import('./gaze');
    expect(gazeSource('mouse').kind).toBe('mouse');
    expect(gazeSource('simulated').kind).toBe('simulated');
    await expect(loadWebcamSource()).rejects.toThrow();
  });
});
