// The respondent runner's quality gate (issue 22 item 4), pure: the study's thresholds against a
// respondent's measures. The server decides (services/take.ts) and measures: accuracy, precision
// and frame rate are computed here from the raw calibration points the runner sends
// (shared/gaze-quality.ts), never taken from the browser; the connection speed is still the
// browser's figure (docs/metrics.md "Quality gate"). The
// same four conditions define the report base E (docs/metrics.md "Report base E"), so a respondent
// the gate passes is one the reports can count.

import { calibrationMeasures, calibrationProblems, type CalibrationData } from '../../shared/gaze-quality.js';

export interface QualityThresholds {
  /** px; null: not checked. */
  maxAccuracy: number | null;
  maxPrecision: number | null;
  /** Hz. */
  minCalibrationFrameRate: number | null;
  /** kbps. */
  minConnectionSpeed: number | null;
}

export interface QualityMeasures {
  calibration_accuracy_px?: number | null;
  calibration_precision_px?: number | null;
  frame_rate?: number | null;
  connection_speed_kbps?: number | null;
}

export type QualityMeasure = keyof QualityMeasures;

export interface QualityFailure {
  /** A measure, or 'calibration_data': the raw calibration is missing or implausible. */
  measure: QualityMeasure | 'calibration_data';
  /** null: required but not measured. */
  value: number | null;
  /** null for 'calibration_data'. */
  threshold: number | null;
  message: string;
}

export const CALIBRATION_DATA_MISSING = 'The calibration gaze data were not sent, so accuracy, precision and frame rate cannot be measured';

/**
 * The server's own calibration measures from the runner's raw data, or why there are none: missing
 * data (when the calibration was `required`) or implausible data fail the gate whatever the study's
 * thresholds, with the reason.
 */
export function measureCalibration(data: CalibrationData | null | undefined, gazeSource: string, required: boolean):
  { measures: Pick<QualityMeasures, 'calibration_accuracy_px' | 'calibration_precision_px' | 'frame_rate'>; failures: QualityFailure[] } {
  const none = { calibration_accuracy_px: null, calibration_precision_px: null, frame_rate: null };
  const fail = (message: string): QualityFailure => ({ measure: 'calibration_data', value: null, threshold: null, message });
  if (!data) return { measures: none, failures: required ? [fail(CALIBRATION_DATA_MISSING)] : [] };
  const problems = calibrationProblems(data, gazeSource);
  if (problems.length) return { measures: none, failures: problems.map(fail) };
  const m = calibrationMeasures(data);
  return { measures: { calibration_accuracy_px: m.accuracy_px, calibration_precision_px: m.precision_px, frame_rate: m.frame_rate }, failures: [] };
}

const RULES: { measure: QualityMeasure; threshold: keyof QualityThresholds; max: boolean; label: string; unit: string }[] = [
  { measure: 'calibration_accuracy_px', threshold: 'maxAccuracy', max: true, label: 'Accuracy', unit: 'px' },
  { measure: 'calibration_precision_px', threshold: 'maxPrecision', max: true, label: 'Precision', unit: 'px' },
  { measure: 'frame_rate', threshold: 'minCalibrationFrameRate', max: false, label: 'Frame rate', unit: 'Hz' },
  { measure: 'connection_speed_kbps', threshold: 'minConnectionSpeed', max: false, label: 'Connection speed', unit: 'kbps' },
];

/** The calibration measures (accuracy, precision, frame rate): taken by a calibration or validation step. */
export const CALIBRATION_MEASURES: readonly QualityMeasure[] = ['calibration_accuracy_px', 'calibration_precision_px', 'frame_rate'];

/**
 * The failures of `m` against `t` (empty: pass). A threshold that is not set never fails. A set
 * threshold fails a measure that is missing only when that measure is `required` (the runner took
 * it): a cell without a calibration step cannot measure accuracy, and its respondent is not
 * screened out for it (the report base leaves such a respondent out anyway). Bounds are inclusive,
 * as in the report base: accuracy ≤ max passes, frame rate ≥ min passes.
 */
export function qualityFailures(t: QualityThresholds, m: QualityMeasures, required: readonly QualityMeasure[]): QualityFailure[] {
  const out: QualityFailure[] = [];
  for (const r of RULES) {
    const threshold = t[r.threshold];
    if (threshold === null || threshold === undefined || !Number.isFinite(threshold)) continue;
    const raw = m[r.measure];
    const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
    if (value === null) {
      if (required.includes(r.measure)) out.push({ measure: r.measure, value: null, threshold, message: `${r.label} was not measured (needed: ${r.max ? 'at most' : 'at least'} ${threshold} ${r.unit})` });
      continue;
    }
    const ok = r.max ? value <= threshold : value >= threshold;
    if (!ok) out.push({ measure: r.measure, value, threshold, message: `${r.label} ${value} ${r.unit} is ${r.max ? 'over the maximum' : 'under the minimum'} of ${threshold} ${r.unit}` });
  }
  return out;
}
