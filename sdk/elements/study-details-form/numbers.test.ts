// Issue 35 item 5: the details form's numbers. Formik hands an <input type="number"> value over as
// a number (or '' when emptied); bodyOf used to call .trim() on it and the save never left.
import { describe, expect, it } from 'vitest';
import { bodyOf, detailsSchema, numberOf, valuesOf, NUMERIC_FIELDS, type DetailsValues } from './StudyDetailsForm';
import type { StudyDetails } from '../../core/api/study';

const details: StudyDetails = {
  success: true, id: 7, name: 'Spring', project_location: 'UK', project_location_id: 1, language: 'English', language_id: 1,
  media: 'Display', media_id: 1, environment: 'Desktop', environment_id: 1,
  proposal_signoff_date: null, proposed_data_collection_start: null, proposed_data_collection_end: null, debrief_date: null,
  methodology: '', study_duration: '', incentive: '', objective: '', decision_to_inform: '', notes: '', brief: '',
  pre_assign_question_group: { id: 0, group_name: 'None' }, demographic_survey_url: '', demographic_survey_insert_parameter: '',
  min_connection_speed: null, min_calibration_frame_rate: 20, max_accuracy: 150, max_precision: null,
  max_gaze_duration: null, max_dwell_ms: null, min_dwell_ms: null,
  consent_required: true, consent_text: 'We measure where you look.', consent_version: 1,
};

describe('study details numbers (issue 35)', () => {
  it('numberOf reads the one-decimal string, a typed number and an emptied field', () => {
    expect(numberOf('150.0')).toBe(150);
    expect(numberOf(55)).toBe(55);
    expect(numberOf(0)).toBe(0);
    expect(numberOf('')).toBe(null);
    expect(numberOf('  ')).toBe(null);
    expect(numberOf(null)).toBe(null);
    expect(numberOf(Number.NaN)).toBe(null);
  });

  it('bodyOf sends typed numbers (150 → 55) and every other edit of the form with them', () => {
    const v: DetailsValues = { ...valuesOf(details), max_accuracy: 55, min_connection_speed: 512, max_precision: '', notes: 'Edited notes', name: ' Spring 2 ' };
    const body = bodyOf(v);
    expect(body).toMatchObject({ max_accuracy: 55, min_connection_speed: 512, max_precision: null, min_calibration_frame_rate: 20, notes: 'Edited notes', name: 'Spring 2' });
    for (const [f] of NUMERIC_FIELDS) expect(body[f] === null || typeof body[f] === 'number', f).toBe(true);
  });

  it('the schema takes numbers and strings, refuses out-of-range values with the range, and min dwell above max dwell', async () => {
    const base = valuesOf(details);
    await expect(detailsSchema.validate({ ...base, max_accuracy: 55, min_dwell_ms: '' })).resolves.toBeTruthy();
    await expect(detailsSchema.validate({ ...base, min_calibration_frame_rate: 500 })).rejects.toThrow('must be a number from 0 to 240 fps');
    await expect(detailsSchema.validate({ ...base, max_accuracy: -1 })).rejects.toThrow('must be a number from 0 to 10000 pixels');
    await expect(detailsSchema.validate({ ...base, min_dwell_ms: 900, max_dwell_ms: 500 })).rejects.toThrow('must not be more than the maximum dwell');
  });
});
