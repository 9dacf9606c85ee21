// The respondent runner's quality gate (issue 22 item 4), pure: the study's thresholds against a
// respondent's measures. The server decides (services/take.ts): the browser only measures. The
// same four conditions define the report base E (docs/metrics.md "Report base E"), so a respondent
// the gate passes is one the reports can count.

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
  measure: QualityMeasure;
  /** null: required but not measured. */
  value: number | null;
  threshold: number;
  message: string;
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
