// Issue 22 items 4 and 8 (quality thresholds): the study's thresholds against a respondent's
// measures — unset thresholds always pass, bounds are inclusive as in the report base E, a missing
// measure fails a set threshold only when the runner took it.
import { describe, expect, it } from 'vitest';
import { CALIBRATION_MEASURES, qualityFailures, type QualityThresholds } from '../../services/take-quality.js';

const none: QualityThresholds = { maxAccuracy: null, maxPrecision: null, minCalibrationFrameRate: null, minConnectionSpeed: null };
const all: QualityThresholds = { maxAccuracy: 150, maxPrecision: 80, minCalibrationFrameRate: 10, minConnectionSpeed: 1000 };
const good = { calibration_accuracy_px: 40, calibration_precision_px: 12, frame_rate: 30, connection_speed_kbps: 5000 };
const required = ['connection_speed_kbps', ...CALIBRATION_MEASURES] as const;

describe('quality thresholds (issue 22 item 4)', () => {
  it('passes anything, even nothing measured, when no threshold is set', () => {
    expect(qualityFailures(none, { calibration_accuracy_px: 9999, frame_rate: 0 }, required)).toEqual([]);
    expect(qualityFailures(none, {}, required)).toEqual([]);
  });
  it('passes measures inside the thresholds, the bounds included', () => {
    expect(qualityFailures(all, good, required)).toEqual([]);
    expect(qualityFailures(all, { calibration_accuracy_px: 150, calibration_precision_px: 80, frame_rate: 10, connection_speed_kbps: 1000 }, required)).toEqual([]);
  });
  it('names every measure over a maximum or under a minimum, with its value and threshold', () => {
    const f = qualityFailures(all, { calibration_accuracy_px: 150.1, calibration_precision_px: 81, frame_rate: 9.9, connection_speed_kbps: 999 }, required);
    expect(f.map((x) => [x.measure, x.value, x.threshold])).toEqual([
      ['calibration_accuracy_px', 150.1, 150], ['calibration_precision_px', 81, 80], ['frame_rate', 9.9, 10], ['connection_speed_kbps', 999, 1000],
    ]);
    expect(f[0].message).toBe('Accuracy 150.1 px is over the maximum of 150 px');
    expect(f[2].message).toBe('Frame rate 9.9 Hz is under the minimum of 10 Hz');
  });
  it('fails a missing measure only when it was required (taken by the runner)', () => {
    expect(qualityFailures(all, { connection_speed_kbps: 5000 }, ['connection_speed_kbps'])).toEqual([]);
    const f = qualityFailures(all, { connection_speed_kbps: 5000, calibration_accuracy_px: null }, required);
    expect(f.map((x) => [x.measure, x.value])).toEqual([['calibration_accuracy_px', null], ['calibration_precision_px', null], ['frame_rate', null]]);
    expect(f[0].message).toBe('Accuracy was not measured (needed: at most 150 px)');
  });
  it('checks only the thresholds that are set', () => {
    const f = qualityFailures({ ...none, minCalibrationFrameRate: 60 }, { ...good, calibration_accuracy_px: 5000 }, required);
    expect(f.map((x) => x.measure)).toEqual(['frame_rate']);
  });
});
