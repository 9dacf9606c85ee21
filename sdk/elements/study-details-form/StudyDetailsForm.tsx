// Edit study details (spec D2 §2.7, §3.6, §5, §7.2): every field of §3.6, media and environment
// read-only, quality thresholds to one decimal with their units, the §5 messages word for word
// (checked at submit). Saved as the server wants them: dates as YYYY-MM-DD, the question group as
// its id (0 = None), the location as its code, the language as its name. A failed save keeps the
// form and says what failed (never silent, like resolution 22), naming each field the server
// refused. Number inputs hand Formik numbers (or '' when empty), so every numeric value is read
// as either (issue 35: a typed threshold used to throw in bodyOf and the save never left).
import { useEffect, useRef, useState } from 'react';
import { Formik, Form, useField, useFormikContext, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import styled from 'styled-components';
import { useMutation, useResource } from '../../core/resource/hooks';
import { saveDetails, studyDetails } from '../../core/study/study';
import { itemsOf, lookupList } from '../../core/lookups/lists';
import {
  DETAILS_MESSAGES as M, MIN_DWELL_ABOVE_MAX_MESSAGE, QUALITY_LIMITS, SHORT_TEXT_MAX, STUDY_NAME_MAX, qualityRangeMessage,
  type StudyDetails, type StudyEditBody,
} from '../../core/api/study';
import { CONSENT_TEXT_MAX } from '../../../contract/values/take';
import { Button, ErrorText, DATE_INVALID, FormikDateField, FormikTextField, isDateValue, Link, Select, Spinner, SuccessText, Switch, TextField, tokens } from '../../ui';

export const NUMERIC_FIELDS = [
  ['min_connection_speed', 'Minimum connection speed (kbps)'],
  ['min_calibration_frame_rate', 'Minimum calibration frame rate (fps)'],
  ['max_accuracy', 'Maximum accuracy (pixels)'],
  ['max_precision', 'Maximum precision (pixels)'],
  ['max_gaze_duration', 'Maximum gaze duration'],
  ['max_dwell_ms', 'Maximum dwell (ms)'],
  ['min_dwell_ms', 'Minimum dwell (ms)'],
] as const;
type NumericField = (typeof NUMERIC_FIELDS)[number][0];
/** What a numeric field holds: the one-decimal string it starts as, the number an input type=number gives, or '' when emptied. */
export type NumericValue = string | number;

export const TEXT_FIELDS = [
  ['methodology', 'Methodology', true],
  ['study_duration', 'Study duration', false],
  ['incentive', 'Incentive', false],
  ['objective', 'Objective', true],
  ['decision_to_inform', 'Decision to inform', true],
  ['notes', 'Notes', true],
  ['brief', 'Brief', true],
] as const;

export const DATE_FIELDS = [
  ['proposal_signoff_date', 'Proposal sign-off date'],
  ['proposed_data_collection_start', 'Proposed data collection start'],
  ['proposed_data_collection_end', 'Proposed data collection end'],
  ['debrief_date', 'Debrief date'],
] as const;

export interface DetailsValues {
  name: string;
  project_location: string;
  language: string;
  proposal_signoff_date: string;
  proposed_data_collection_start: string;
  proposed_data_collection_end: string;
  debrief_date: string;
  methodology: string;
  study_duration: string;
  incentive: string;
  objective: string;
  decision_to_inform: string;
  notes: string;
  brief: string;
  pre_assign_question_group: string;
  demographic_survey_url: string;
  demographic_survey_insert_parameter: string;
  min_connection_speed: NumericValue;
  min_calibration_frame_rate: NumericValue;
  max_accuracy: NumericValue;
  max_precision: NumericValue;
  max_gaze_duration: NumericValue;
  max_dwell_ms: NumericValue;
  min_dwell_ms: NumericValue;
  /** Respondent consent (issue 41): whether take links ask first, and the text they show. */
  consent_required: boolean;
  consent_text: string;
}

/** A numeric field's value for the server: null when empty, else the number (NaN never leaves: the schema refuses it first). */
export function numberOf(v: NumericValue | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = v.trim();
  return t === '' ? null : Number(t);
}

/** Numbers to one decimal place (D2-057). */
export const oneDecimal = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(1));

export function valuesOf(d: StudyDetails): DetailsValues {
  const v = {
    name: d.name, project_location: d.project_location ?? '', language: d.language ?? '',
    pre_assign_question_group: String(d.pre_assign_question_group?.id ?? 0),
    demographic_survey_url: d.demographic_survey_url, demographic_survey_insert_parameter: d.demographic_survey_insert_parameter,
    consent_required: d.consent_required ?? true, consent_text: d.consent_text ?? '',
  } as DetailsValues;
  for (const [f] of DATE_FIELDS) v[f] = d[f] ?? '';
  for (const [f] of TEXT_FIELDS) v[f] = d[f] ?? '';
  for (const [f] of NUMERIC_FIELDS) v[f] = oneDecimal(d[f]);
  return v;
}

/** The edit call's body (D2-064). */
export function bodyOf(v: DetailsValues): StudyEditBody {
  const body: StudyEditBody = {
    name: v.name.trim(), project_location: v.project_location, language: v.language,
    pre_assign_question_group: Number(v.pre_assign_question_group) || 0,
    demographic_survey_url: v.demographic_survey_url.trim(), demographic_survey_insert_parameter: v.demographic_survey_insert_parameter,
    // The server keeps the text as a new version only when it changed (past versions are kept).
    consent_required: v.consent_required, consent_text: v.consent_text,
  };
  for (const [f] of DATE_FIELDS) body[f] = v[f] || null;
  for (const [f] of TEXT_FIELDS) body[f] = v[f];
  for (const [f] of NUMERIC_FIELDS) body[f] = numberOf(v[f]);
  return body;
}

export const detailsSchema = yup.object({
  name: yup.string().trim().required(M.nameRequired).max(STUDY_NAME_MAX, M.tooLong),
  language: yup.string().required(M.languageRequired),
  project_location: yup.string().required(M.locationRequired),
  demographic_survey_url: yup.string().trim().url(M.url),
  study_duration: yup.string().max(SHORT_TEXT_MAX, M.tooLong),
  incentive: yup.string().max(SHORT_TEXT_MAX, M.tooLong),
  consent_text: yup.string().trim().required(M.consentText).max(CONSENT_TEXT_MAX, M.tooLong),
  ...Object.fromEntries(DATE_FIELDS.map(([f]) => [f, yup.string().test('date', DATE_INVALID, isDateValue)])),
  ...Object.fromEntries(NUMERIC_FIELDS.map(([f]) => [f, yup.number()
    .transform((v: number, o: unknown) => (o === '' || o === null || (typeof o === 'string' && o.trim() === '') ? undefined : v))
    .typeError('must be a number').min(0, qualityRangeMessage(f)).max(QUALITY_LIMITS[f].max, qualityRangeMessage(f))])),
}).test('dwell-order', MIN_DWELL_ABOVE_MAX_MESSAGE, function dwellOrder(v) {
  const n = v as unknown as Partial<Record<NumericField, NumericValue>>;
  const min = numberOf(n.min_dwell_ms), max = numberOf(n.max_dwell_ms);
  return min === null || max === null || min <= max || this.createError({ path: 'min_dwell_ms', message: MIN_DWELL_ABOVE_MAX_MESSAGE });
});

const Wrap = styled.section`
  display: grid;
  gap: 12px;
  max-width: 900px;
  h1 { margin: 0; font-size: 1.4rem; }
  .cols { display: grid; gap: 0 16px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr)); }
  legend { font-weight: 600; padding: 0 4px; }
  fieldset { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 12px; margin: 0; }
  .select-row > * { width: 100%; margin-bottom: 12px; }
  .hint { margin: 0; color: ${tokens.muted}; font-size: 0.9em; }
`;
const Bar = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
`;

function FormikSelect({ name, label, options, placeholder }: { name: string; label: string; options: { value: string; label: string }[]; placeholder?: string }) {
  const [field, meta, helpers] = useField<string>(name);
  return (
    <Select
      label={label}
      name={name}
      value={field.value}
      options={options}
      placeholder={placeholder}
      error={meta.touched && meta.error ? meta.error : null}
      onChange={(v) => { void helpers.setValue(v); }}
      onBlur={field.onBlur}
    />
  );
}

/** Respondent consent (issue 41): the switch and the versioned text every take link shows first. */
function ConsentFields({ version }: { version: number }) {
  const [required, , helpers] = useField<boolean>('consent_required');
  return (
    <>
      <Switch checked={required.value} onChange={(v) => { void helpers.setValue(v); }} label="Ask respondents for their consent before the study starts (recommended)" />
      <FormikTextField name="consent_text" label="Consent text" multiline rows={10} />
      <p className="hint" id="gaze-consent-hint">
        {version ? `Version ${version}. ` : 'The default text: it is stored as version 1 when the first respondent opens a link. '}
        Saving a changed text makes it the next version; respondents who agreed before keep the version they saw. Separate paragraphs with a blank line.
        {required.value ? '' : ' Switched off: no consent screen, and sessions are stored without consent. Only do this when consent is collected elsewhere.'}
      </p>
    </>
  );
}

/** After a submit the schema stopped: says so beside the button (the fields say what is wrong). */
function FormErrorsNote() {
  const { submitCount, errors } = useFormikContext<DetailsValues>();
  const bad = Object.keys(errors);
  if (!submitCount || !bad.length) return null;
  return <ErrorText>Not saved: correct the {bad.length === 1 ? 'field' : `${bad.length} fields`} marked above.</ErrorText>;
}

export function StudyDetailsForm({ studyId }: { studyId?: string }) {
  const id = Number(studyId);
  const valid = Number.isInteger(id) && id > 0;
  const details = useResource(studyDetails, id, { enabled: valid });
  const languages = itemsOf(useResource(lookupList, 'studylanguages_list').data);
  const locations = itemsOf(useResource(lookupList, 'projectlocations_list').data);
  const groups = itemsOf(useResource(lookupList, 'prestudyquestiongroups_list').data);
  const save = useMutation(saveDetails, `details-${id}`);
  const seen = useRef(save.count);
  const helpers = useRef<FormikHelpers<DetailsValues> | null>(null);
  const [savedAt, setSavedAt] = useState(0);
  const [localError, setLocalError] = useState<string | null>(null);

  // Settle the form when the save ends: re-enable it; put the server's field errors on their fields.
  useEffect(() => {
    if (save.count > seen.current) { seen.current = save.count; setSavedAt(save.count); helpers.current?.setSubmitting(false); }
  }, [save.count]);
  useEffect(() => { if (save.error) helpers.current?.setSubmitting(false); }, [save.error]);

  if (!valid) return <ErrorText>No study selected.</ErrorText>;
  if (!details.data) return details.error ? <><h1>Edit study details</h1><ErrorText>{details.error}</ErrorText></> : <Spinner />;
  const d = details.data;
  const languageOptions = languages.map((l) => ({ value: l.name, label: l.name }));
  const locationOptions = locations.map((l) => ({ value: l.code, label: l.name }));
  const groupOptions = [{ value: '0', label: 'None' }, ...groups.map((g) => ({ value: String(g.id), label: g.name }))];
  // The study's own values stay choosable before (or without) the lists.
  if (d.language && !languageOptions.some((o) => o.value === d.language)) languageOptions.unshift({ value: d.language, label: d.language });
  if (d.project_location && !locationOptions.some((o) => o.value === d.project_location)) locationOptions.unshift({ value: d.project_location, label: d.project_location });
  if (d.pre_assign_question_group.id && !groupOptions.some((o) => o.value === String(d.pre_assign_question_group.id))) {
    groupOptions.push({ value: String(d.pre_assign_question_group.id), label: d.pre_assign_question_group.group_name });
  }

  return (
    <Wrap part="study-details-form" aria-labelledby="gaze-details-title">
      <h1 id="gaze-details-title">Edit study details</h1>
      <Formik
        key={d.id}
        initialValues={valuesOf(d)}
        validationSchema={detailsSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={(values, h) => {
          helpers.current = h;
          setSavedAt(0);
          setLocalError(null);
          // Whatever goes wrong before the call, the form comes back with a message, never frozen.
          try {
            save.run({ studyId: id, body: bodyOf(values) });
          } catch (e) {
            setLocalError(e instanceof Error ? e.message : String(e));
            h.setSubmitting(false);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Study details">
            <fieldset disabled={isSubmitting}>
              <legend>Study</legend>
              <FormikTextField name="name" label="Name" />
              <div className="cols">
                <div className="select-row"><FormikSelect name="project_location" label="Project location" options={locationOptions} placeholder="Choose a location" /></div>
                <div className="select-row"><FormikSelect name="language" label="Language" options={languageOptions} placeholder="Choose a language" /></div>
                <TextField label="Media" value={d.media ?? ''} readOnly />
                <TextField label="Environment" value={d.environment ?? ''} readOnly />
              </div>
            </fieldset>
            <fieldset disabled={isSubmitting}>
              <legend>Dates</legend>
              <div className="cols">
                {DATE_FIELDS.map(([f, label]) => <FormikDateField key={f} name={f} label={label} />)}
              </div>
            </fieldset>
            <fieldset disabled={isSubmitting}>
              <legend>Brief and plan</legend>
              <div className="cols">
                {TEXT_FIELDS.filter(([, , long]) => !long).map(([f, label]) => <FormikTextField key={f} name={f} label={label} />)}
              </div>
              {TEXT_FIELDS.filter(([, , long]) => long).map(([f, label]) => <FormikTextField key={f} name={f} label={label} multiline />)}
            </fieldset>
            <fieldset disabled={isSubmitting}>
              <legend>Screening and demographics</legend>
              <div className="select-row"><FormikSelect name="pre_assign_question_group" label="Pre-assign question group" options={groupOptions} /></div>
              <div className="cols">
                <FormikTextField name="demographic_survey_url" label="Demographic survey URL" type="url" />
                <FormikTextField name="demographic_survey_insert_parameter" label="Demographic survey insert parameter" />
              </div>
            </fieldset>
            <fieldset disabled={isSubmitting}>
              <legend>Respondent consent</legend>
              <ConsentFields version={d.consent_version ?? 0} />
            </fieldset>
            <fieldset disabled={isSubmitting}>
              <legend>Quality thresholds</legend>
              <div className="cols">
                {NUMERIC_FIELDS.map(([f, label]) => <FormikTextField key={f} name={f as NumericField} label={label} type="number" step="0.1" min="0" inputMode="decimal" />)}
              </div>
            </fieldset>
            {(localError || save.error) && !isSubmitting ? <ErrorText>Could not save the study details: {localError ?? save.error}</ErrorText> : null}
            {!isSubmitting && !localError ? <FormErrorsNote /> : null}
            {savedAt && !save.error && !localError ? <SuccessText>Study details saved.</SuccessText> : null}
            <Bar>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} part="save">Save details</Button>
              <Link href={`/my_studies/overview/${id}`}>Back to the overview</Link>
            </Bar>
          </Form>
        )}
      </Formik>
    </Wrap>
  );
}
