// The study-creation wizard (spec D3 §2.2–2.6, §4, §5): Basic Details, Question Details, Panel
// Details, the kind's setup step and Review; Back / Next (Review, Create) / Cancel with 'Leave
// this page?'; Next validates the step (the yup schemas of sdk/features/wizard-schemas); Review
// shows one accordion per step with an edit button back to it; Advanced Settings is a full-screen
// dialog whose Close reverts. Create posts the values; a failure is a red toast for 6000 ms with
// the server's message; success stores the new-study message, emits the cancelable
// gaze-study-created event and then asks the host to navigate (thank-you page or board).
import { useEffect, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { WEB_URL_HINT } from '../../../contract/urls';
import styled from 'styled-components';
import { useApi, useResource } from '../../core/resource/hooks';
import { lookupList, itemsOf } from '../../core/lookups/lists';
import { createStudy, afterCreatePath, kindOfRoute, CREATE_LIMITS as L, CREATE_MESSAGES, STUDY_KINDS, type StudyKind } from '../../core/api/study-create';
import { errorMessage } from '../../core/api/client';
import { rememberCreated } from '../../core/study-create/created';
import { useGazeSelector } from '../../core/store/context';
import { selectSuperUser } from '../../core/session/selectors';
import { KIND_ROUTES, KIND_TYPE_CODE, SPECIALISED_TYPE_KINDS, SUPER_USER_KINDS, SUPER_USER_ONLY_MESSAGE } from '../../core/api/study-create';
import { ExternalPages } from '../../features/wizard-quick/ExternalPages';
import { LumenPanelData, useLumenPanelReview } from '../../features/wizard-quick/LumenPanelData';
import { ContextDetails } from '../../features/wizard-embedded/ContextDetails';
import { embeddedPagesFor } from '../../features/wizard-schemas/quick-values';
import { specialisedTypeCode, stepErrors, stepsOf, type StepId } from '../../features/wizard-schemas/schemas';
import {
  blankPageRow, blankStimRow, bodyOf, defaultValues, reviewText, type Choice, type WizardValues,
} from '../../features/wizard-schemas/values';
import {
  Button, ButtonLink, ConfirmDialog, DateTimeField, FieldError, isDateTimeValue, Modal, Select, Spinner, Stepper, TextField, Toast, TOAST_DURATION_ERROR, tokens, useEmit, useNavigate, GAZE_EVENTS,
} from '../../ui';
import { SocialSetup, socialReviewRows } from '../../features/wizard-social';

const ADVANCED_DATES = ['proposal_signoff_date', 'proposed_data_collection_start', 'proposed_data_collection_end', 'debrief_date'] as const;

export const TEXT = {
  review: 'Your project is ready for review',
  leaveTitle: 'Leave this page?',
  leaveText: 'If you leave, your current progress will not be saved.',
  leaveYes: 'yes, i want to leave',
  leaveNo: 'cancel',
  advanced: 'Advanced Settings',
  ownWizard: (type: string) => `${type} is set up in its own wizard, with its pages, ad or study URLs.`,
  openWizard: (title: string) => `Open ${title}`,
} as const;

const TITLES: Record<StudyKind, string> = {
  generic: 'Create custom study', web_page: 'Digital Ad Test', rich_media: 'Digital Rich Media', video: 'YouTube',
  vast: 'Vast Ad Test', social: 'Social Media', quick: 'Focus Project Setup', embedded: 'Embedded study',
};

const Wrap = styled.div`
  font-family: var(--gaze-font);
  color: var(--gaze-text);
  max-width: 960px;
  h1 { font-size: 1.5rem; margin: 0 0 ${tokens.space4}; }
  h2 { font-size: 1.2rem; margin: ${tokens.space4} 0 ${tokens.space3}; }
  fieldset { border: 0; padding: 0; margin: 0 0 ${tokens.space4}; display: grid; gap: ${tokens.space3}; }
  legend { font-weight: 600; margin-bottom: ${tokens.space2}; }
  label.radio { display: inline-flex; gap: ${tokens.space1}; align-items: center; margin-right: ${tokens.space4}; }
  .grid { display: grid; gap: ${tokens.space3}; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); }
  .page { border: 1px solid var(--gaze-border); border-radius: ${tokens.radius}; padding: ${tokens.space4}; margin-bottom: ${tokens.space3}; }
  .stim { display: grid; gap: ${tokens.space2}; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); margin-top: ${tokens.space2}; }
  .buttons { display: flex; flex-wrap: wrap; gap: ${tokens.space2}; justify-content: space-between; margin-top: ${tokens.space5}; }
  .buttons div { display: flex; gap: ${tokens.space2}; }
  details { border: 1px solid var(--gaze-border); border-radius: ${tokens.radius}; margin-bottom: ${tokens.space2}; padding: ${tokens.space2} ${tokens.space3}; }
  summary { display: flex; justify-content: space-between; align-items: center; cursor: pointer; font-weight: 600; }
  dl { display: grid; grid-template-columns: minmax(120px, 1fr) 2fr; gap: ${tokens.space1} ${tokens.space3}; margin: ${tokens.space3} 0 0; }
  dt { opacity: 0.8; }
  dd { margin: 0; overflow-wrap: anywhere; }
  input[type='range'] { width: 100%; }
  .own-wizard { display: flex; flex-wrap: wrap; gap: ${tokens.space2}; align-items: center; margin: ${tokens.space3} 0; }
`;
// The dialog is portalled outside Wrap, so its layout is its own styled block (Wrap's rules do
// not reach it). As many columns of fields as the full-screen width holds, one on a phone; no
// minimum wider than the viewport, so nothing is clipped (issue 38).
const AdvancedGrid = styled.div`
  display: grid;
  gap: ${tokens.space3} ${tokens.space4};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  align-items: start;
  max-width: 1200px;
  > * { min-width: 0; }
  /* Save and Close stay in reach while a phone scrolls the fields. */
  .buttons {
    grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: ${tokens.space2}; justify-content: flex-end;
    position: sticky; bottom: 0; padding: ${tokens.space3} 0; background: ${tokens.surface};
  }
`;

type Setter = <K extends keyof WizardValues>(k: K, v: WizardValues[K]) => void;

function useChoices(list: Parameters<typeof lookupList.select>[2]) {
  const r = useResource(lookupList, list);
  return itemsOf(r.data);
}

function ChoiceSelect({ label, list, value, onChange, error, part, hide = [] }: {
  label: string; list: Parameters<typeof lookupList.select>[2]; value: Choice | null; onChange: (c: Choice | null) => void; error?: string; part?: string;
  /** Codes not offered (the server refuses them too). */
  hide?: readonly string[];
}) {
  const items = useChoices(list).filter((i) => !hide.includes(i.code));
  return (
    <Select
      label={label} part={part} error={error ?? null} placeholder="Choose…"
      value={value?.code ?? ''}
      options={items.map((i) => ({ value: i.code, label: i.description }))}
      onChange={(code) => {
        const it = items.find((i) => i.code === code);
        onChange(it ? { code: it.code, description: it.description } : code ? { code, description: code } : null);
      }}
    />
  );
}

function Radios({ legend, name, value, options, onChange, error }: { legend: string; name: string; value: string; options: [string, string][]; onChange: (v: string) => void; error?: string }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div role="radiogroup" aria-label={legend}>
        {options.map(([v, l]) => (
          <label className="radio" key={v}>
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} /> {l}
          </label>
        ))}
      </div>
      {error ? <FieldError>{error}</FieldError> : null}
    </fieldset>
  );
}

export interface StudyWizardProps { kind?: string }

export function StudyWizard({ kind: kindAttr }: StudyWizardProps) {
  const kind: StudyKind | null = (STUDY_KINDS as readonly string[]).includes(kindAttr ?? '') ? (kindAttr as StudyKind) : kindOfRoute(kindAttr ?? '');
  const superUser = useGazeSelector(selectSuperUser);
  const steps = useMemo(() => stepsOf(kind ?? 'generic'), [kind]);
  const [values, setValues] = useState<WizardValues>(() => defaultValues(kind ?? 'generic'));
  const [index, setIndex] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [leaving, setLeaving] = useState(false);
  const [advanced, setAdvanced] = useState<WizardValues | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const api = useApi();
  const navigate = useNavigate();
  const emit = useEmit();
  const brands = useChoices('brands_list');
  const adTypes = useChoices('adtypes_list');
  const groups = useChoices('prestudyquestiongroups_list');
  const quickTaskRows = useLumenPanelReview(values.quick_task_data, kind === 'quick');
  const current = kind ? steps[index] : undefined;
  // An error goes as soon as its field is valid (issue 38), not at the next Next: the step is
  // checked again on each change and only errors it no longer finds are dropped (no new ones
  // appear before Next).
  useEffect(() => {
    if (!current || !Object.keys(errors).length) return;
    let live = true;
    void stepErrors(current, values).then((found) => {
      if (!live) return;
      setErrors((old) => {
        const kept = Object.fromEntries(Object.entries(old).filter(([k]) => k in found));
        return Object.keys(kept).length === Object.keys(old).length ? old : kept;
      });
    });
    return () => { live = false; };
  }, [values, current, errors]);

  if (!kind) {
    return <Wrap part="study-wizard"><p role="alert">There is no such study type. Choose one on the Create Study page.</p></Wrap>;
  }
  // The server refuses it too (403); the choose page offers these kinds to super users only.
  if (SUPER_USER_KINDS.includes(kind) && !superUser) {
    return <Wrap part="study-wizard"><h1>{TITLES[kind]}</h1><p role="alert">{SUPER_USER_ONLY_MESSAGE}.</p></Wrap>;
  }
  const step = steps[index];
  const last = index === steps.length - 1;
  const ownWizard = kind === 'generic' ? specialisedTypeCode(values.study_type_id) : null;
  // D3-108: the embedded study's URL list follows the number of cells.
  const set: Setter = (k, v) => setValues((old) => {
    const nextValues = { ...old, [k]: v };
    return kind === 'embedded' ? { ...nextValues, embedded_page_list: embeddedPagesFor(nextValues.embedded_page_list, nextValues.number_of_cells) } : nextValues;
  });
  const err = (path: string) => errors[path];
  // The URL rule on the field it refuses (contract/urls.ts, the server's own).
  const urlHint = (path: string) => (errors[path] === CREATE_MESSAGES.url ? WEB_URL_HINT : undefined);
  const text = (k: keyof WizardValues, label: string, extra: { type?: string; multiline?: boolean; max?: number } = {}) => (
    <TextField
      label={label} name={k} value={String(values[k] ?? '')} error={err(k) ?? null} hint={urlHint(k)} type={extra.type}
      {...(extra.multiline ? { multiline: true as const } : {})}
      onChange={(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(k, e.target.value as never)}
    />
  );

  const next = async () => {
    if (last) return create();
    const found = await stepErrors(step, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setIndex(index + 1);
  };

  async function create() {
    setSubmitting(true);
    setFailure(null);
    try {
      const res = await createStudy(api, bodyOf(kind!, values));
      const message = { study_id: res.study_id, start_url: res.start_url, start_url_test: res.start_url_test, incontext_urls: res.incontext_urls };
      rememberCreated(message);
      const path = afterCreatePath(res.study_type_id, res.study_id);
      const proceed = emit(GAZE_EVENTS.studyCreated, { ...message, study_type_id: res.study_type_id, path }, { cancelable: true });
      if (proceed) navigate(path);
    } catch (e) {
      setFailure(errorMessage(e, 'The study could not be created'));
    } finally {
      setSubmitting(false);
    }
  }

  // ---- steps -----------------------------------------------------------------------------------

  const basic = (
    <>
      <div className="grid">
        {text('name', 'Study name')}
        <ChoiceSelect label="Environment" list="environments_list" value={values.environment_id} onChange={(c) => set('environment_id', c)} error={err('environment_id')} />
        <ChoiceSelect label="Language" list="studylanguages_list" value={values.language} onChange={(c) => set('language', c)} error={err('language')} />
        <ChoiceSelect label="Country" list="projectlocations_list" value={values.project_location} onChange={(c) => set('project_location', c)} error={err('project_location')} />
        <ChoiceSelect label="Media" list="medias_list" value={values.media_id} onChange={(c) => set('media_id', c)} />
        {kind === 'generic' ? <ChoiceSelect label="Study type" list="studytypes_list" value={values.study_type_id} onChange={(c) => set('study_type_id', c)}
          hide={superUser ? [] : SUPER_USER_KINDS.map((k) => KIND_TYPE_CODE[k])} error={err('study_type_id')} part="study-type" /> : null}
      </div>
      {ownWizard ? (
        // A type another wizard sets up (its pages, ad or URLs): Next is refused with the server's
        // message (issue 35), and the wizards that make it are one click away.
        <div className="own-wizard" part="own-wizard" role="note">
          <span>{TEXT.ownWizard(values.study_type_id?.description ?? 'This study type')}</span>
          {SPECIALISED_TYPE_KINDS[ownWizard].filter((k) => superUser || !SUPER_USER_KINDS.includes(k)).map((k) => (
            <ButtonLink key={k} part="wizard-link" href={`/create-study/${KIND_ROUTES[k]}`}>{TEXT.openWizard(TITLES[k])}</ButtonLink>
          ))}
        </div>
      ) : null}
      <fieldset>
        {kind === 'quick' ? null : <>
          <label htmlFor="gaze-cells">Number of cells: <strong>{values.number_of_cells}</strong></label>
          <input id="gaze-cells" part="cells" type="range" min={L.cellsMin} max={L.cellsMax} step={1} value={values.number_of_cells} onChange={(e) => set('number_of_cells', Number(e.target.value))} />
        </>}
        <label htmlFor="gaze-panel-size">Panel size: <strong>{values.panel_size}</strong></label>
        <input id="gaze-panel-size" part="panel-size" type="range" min={L.panelMin} max={L.panelMax} step={L.panelStep} value={values.panel_size} onChange={(e) => set('panel_size', Number(e.target.value))} />
      </fieldset>
      <Radios legend="Respondents per" name="respondents" value={values.respondents.name} options={[['Cell', 'Cell'], ['Study', 'Study']]}
        onChange={(v) => set('respondents', v === 'Cell' ? { id: 1, name: 'Cell' } : { id: 2, name: 'Study' })} />
      <Button type="button" part="advanced" $variant="secondary" onClick={() => setAdvanced({ ...values })}>{TEXT.advanced}</Button>
    </>
  );

  const question = (
    <>
      <Radios legend="Screening questions" name="screening" value={values.demographic_survey_or_lumen_questions}
        options={[['0', 'None'], ['1', 'Own survey'], ['2', 'Product question set']]} error={err('demographic_survey_or_lumen_questions')}
        onChange={(v) => set('demographic_survey_or_lumen_questions', v as '0')} />
      {values.demographic_survey_or_lumen_questions === '1' ? <div className="grid">{text('demographic_survey_url', 'Survey URL')}{text('demographic_survey_insert_parameter', 'Insert parameter')}</div> : null}
      {values.demographic_survey_or_lumen_questions === '2' ? (
        <Select label="Question group" placeholder="Choose…" error={err('pre_assign_question_group') ?? null}
          value={values.pre_assign_question_group ? String(values.pre_assign_question_group.id) : ''}
          options={groups.map((g) => ({ value: String(g.id), label: g.name }))}
          onChange={(id) => { const g = groups.find((x) => String(x.id) === id); set('pre_assign_question_group', g ? { id: g.id, group_name: g.name } : null); }} />
      ) : null}
      <Radios legend="Post-exposure survey" name="post" value={values.include_external_survey} options={[['0', 'None'], ['1', 'Own survey']]}
        error={err('include_external_survey')} onChange={(v) => set('include_external_survey', v as '0')} />
      {values.include_external_survey === '1' ? <div className="grid">{text('external_survey_step_url', 'Survey URL')}{text('external_survey_step_insert_parameter', 'Insert parameter')}</div> : null}
    </>
  );

  const panel = (
    <>
      <Radios legend="Panel details" name="panel" value={values.include_panel_details} options={[['0', 'None'], ['1', 'Panel details'], ['2', 'Basic redirect']]}
        error={err('include_panel_details')} onChange={(v) => set('include_panel_details', v as '0')} />
      {values.include_panel_details === '1' ? (
        <div className="grid">
          {text('panel_code', 'Panel code')}{text('panel_success', 'Success URL')}{text('panel_screen', 'Screenout URL')}
          {text('panel_quotafull', 'Quota-full URL')}{text('panel_insert_param', 'Insert parameter')}
        </div>
      ) : null}
      {values.include_panel_details === '2' ? <div className="grid">{text('panel_success', 'Success URL')}</div> : null}
    </>
  );

  const brandList = <datalist id="gaze-brands">{brands.map((b) => <option key={b.id} value={b.name} />)}</datalist>;
  const pages = values.cachepage_stim_list;
  /** Touching the last row appends a blank one (§2.3). */
  const editPage = (i: number, patch: Partial<(typeof pages)[number]>) => {
    const list = pages.map((p, j) => (j === i ? { ...p, ...patch } : p));
    if (i === list.length - 1) list.push(blankPageRow());
    set('cachepage_stim_list', list);
  };
  const editStim = (i: number, j: number, patch: Partial<(typeof pages)[number]['stim_list'][number]>) => {
    const stims = pages[i].stim_list.map((s, k) => (k === j ? { ...s, ...patch } : s));
    if (j === stims.length - 1) stims.push(blankStimRow());
    editPage(i, { stim_list: stims });
  };
  const webPage = (
    <>
      {brandList}
      {err('cachepage_stim_list') ? <FieldError part="list-error">{err('cachepage_stim_list')}</FieldError> : null}
      {pages.map((p, i) => (
        <div className="page" key={i} part="page">
          <TextField label={`Web page ${i + 1} URL`} value={p.cachepage_url} error={err(`cachepage_stim_list.${i}.cachepage_url`) ?? null} hint={urlHint(`cachepage_stim_list.${i}.cachepage_url`)}
            onChange={(e: ChangeEvent<HTMLInputElement>) => editPage(i, { cachepage_url: e.target.value })} />
          {p.stim_list.map((s, j) => {
            const at = `cachepage_stim_list.${i}.stim_list.${j}`;
            return (
              <div className="stim" key={j} part="stim-row">
                <TextField label={`Stim ${j + 1} URL`} value={s.stim_url} error={err(`${at}.stim_url`) ?? null} hint={urlHint(`${at}.stim_url`)}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => editStim(i, j, { stim_url: e.target.value })} />
                <TextField label="Brand" list="gaze-brands" value={s.brand_id?.name ?? ''} error={err(`${at}.brand_id`) ?? null}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => editStim(i, j, { brand_id: e.target.value ? { name: e.target.value } : null })} />
                <Select label="Ad format" placeholder="Choose…" value={s.ad_type_id?.name ?? ''} error={err(`${at}.ad_type_id`) ?? null}
                  options={adTypes.map((a) => ({ value: a.name, label: a.name }))}
                  onChange={(name) => editStim(i, j, { ad_type_id: name ? { name } : null })} />
              </div>
            );
          })}
        </div>
      ))}
    </>
  );

  const brandField = (
    <>
      {brandList}
      <TextField label="Brand" list="gaze-brands" value={values.brand_id?.name ?? ''} error={err('brand_id') ?? null}
        onChange={(e: ChangeEvent<HTMLInputElement>) => set('brand_id', e.target.value ? { name: e.target.value } : null)} />
    </>
  );
  const richMedia = (
    <div className="grid">
      {text('incontext_primary_site', 'Test page URL')}{text('incontext_distraction_site', 'Distraction page URL')}
      {text('stim_script', 'Ad script', { multiline: true })}{brandField}
    </div>
  );
  const video = (
    <div className="grid">
      <TextField label="In-context site" value={values.incontext_site?.description ?? 'YouTube'} readOnly />
      {text('stim_url', kind === 'vast' ? 'VAST tag URL' : 'Video ad URL')}{brandField}
    </div>
  );

  // ---- review ----------------------------------------------------------------------------------

  const show = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'object') { const o = v as Record<string, unknown>; return String(o.description ?? o.name ?? o.group_name ?? o.code ?? ''); }
    return String(v);
  };
  const rows: Record<Exclude<StepId, 'review'>, [string, unknown][]> = {
    basic: [['Study name', values.name], ['Environment', values.environment_id], ['Language', values.language], ['Country', values.project_location],
      ['Media', values.media_id], ...(kind === 'generic' ? [['Study type', values.study_type_id] as [string, unknown]] : []),
      ...(kind === 'quick' ? [] : [['Number of cells', values.number_of_cells] as [string, unknown]]), ['Panel size', values.panel_size], ['Respondents per', values.respondents.name]],
    question: [['Screening questions', ({ 0: 'None', 1: 'Own survey', 2: 'Product question set' } as Record<string, string>)[values.demographic_survey_or_lumen_questions]],
      ...(values.demographic_survey_or_lumen_questions === '1' ? [['Survey URL', values.demographic_survey_url] as [string, unknown]] : []),
      ...(values.demographic_survey_or_lumen_questions === '2' ? [['Question group', values.pre_assign_question_group] as [string, unknown]] : []),
      ['Post-exposure survey', values.include_external_survey === '1' ? values.external_survey_step_url : 'None']],
    panel: [['Panel details', ({ 0: 'None', 1: 'Panel details', 2: 'Basic redirect' } as Record<string, string>)[values.include_panel_details]],
      ...(values.include_panel_details !== '0' ? [['Success URL', values.panel_success] as [string, unknown]] : []),
      ...(values.include_panel_details === '1' ? [['Panel code', values.panel_code], ['Screenout URL', values.panel_screen], ['Quota-full URL', values.panel_quotafull]] as [string, unknown][] : [])],
    setup: kind === 'social' ? socialReviewRows(values) : kind === 'web_page'
      ? pages.filter((p) => p.cachepage_url).flatMap((p, i) => [[`Web page ${i + 1}`, p.cachepage_url] as [string, unknown],
        ...p.stim_list.filter((s) => s.stim_url).map((s, j) => [`Stim ${j + 1}`, `${s.stim_url} (${show(s.brand_id)}, ${show(s.ad_type_id)})`] as [string, unknown])])
      : kind === 'rich_media'
        ? [['Test page URL', values.incontext_primary_site], ['Distraction page URL', values.incontext_distraction_site], ['Ad script', values.stim_script], ['Brand', values.brand_id]]
        : [['In-context site', values.incontext_site], [kind === 'vast' ? 'VAST tag URL' : 'Video ad URL', values.stim_url], ['Brand', values.brand_id]],
    pages: values.quick_step_list.flatMap((q, i) => [[`Page ${i + 1}`, q.url] as [string, unknown],
      ...(q.insert_parameter ? [[`Page ${i + 1} insert parameter`, q.insert_parameter] as [string, unknown]] : [])]),
    task: quickTaskRows,
    context: values.embedded_page_list.map((p, i) => [`Cell ${i + 1} URL`, p.url] as [string, unknown]),
  };
  const review = (
    <>
      <h2>{TEXT.review}</h2>
      {steps.slice(0, -1).map((s, i) => (
        <details key={s.id} open part="review-section">
          <summary>
            <span>{s.review}</span>
            <Button type="button" $variant="link" part="edit-step" aria-label={`Edit ${s.review}`} onClick={(e) => { e.preventDefault(); setErrors({}); setIndex(i); }}>✎</Button>
          </summary>
          <dl>
            {rows[s.id as Exclude<StepId, 'review'>].map(([label, v]) => (
              <div key={label} style={{ display: 'contents' }}><dt>{label}</dt><dd title={show(v)}>{reviewText(show(v))}</dd></div>
            ))}
          </dl>
        </details>
      ))}
    </>
  );

  const body: Record<StepId, ReactNode> = {
    basic, question, panel, review,
    setup: kind === 'social'
      ? <SocialSetup values={values} errors={errors} onChange={(patch) => setValues((old) => ({ ...old, ...patch }))} onReset={() => setErrors({})} />
      : kind === 'web_page' ? webPage : kind === 'rich_media' ? richMedia : video,
    pages: <ExternalPages steps={values.quick_step_list} errors={errors} onChange={(v) => set('quick_step_list', v)} />,
    task: <LumenPanelData task={values.quick_task_data} errors={errors} onChange={(v) => set('quick_task_data', v)} />,
    context: <ContextDetails pages={values.embedded_page_list} errors={errors} onChange={(v) => set('embedded_page_list', v)} />,
  };

  const draft = advanced;
  return (
    <Wrap part="study-wizard">
      <h1>{TITLES[kind]}</h1>
      <Stepper steps={steps.map((s) => ({ id: s.id, label: s.label }))} current={index} />
      <form noValidate onSubmit={(e) => { e.preventDefault(); void next(); }} aria-label={step.label}>
        {step.id !== 'review' ? <h2>{step.label}</h2> : null}
        {body[step.id]}
        <div className="buttons">
          <Button type="button" part="cancel" $variant="secondary" onClick={() => setLeaving(true)}>Cancel</Button>
          <div>
            {index > 0 ? <Button type="button" part="back" $variant="secondary" onClick={() => { setErrors({}); setIndex(index - 1); }}>Back</Button> : null}
            <Button type="submit" part="next" disabled={submitting} aria-busy={submitting}>
              {submitting ? <Spinner /> : null}{last ? 'Create' : index === steps.length - 2 ? 'Review' : 'Next'}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog open={leaving} title={TEXT.leaveTitle} message={TEXT.leaveText} confirmLabel={TEXT.leaveYes} cancelLabel={TEXT.leaveNo}
        onConfirm={() => { setLeaving(false); navigate('/create-study'); }} onCancel={() => setLeaving(false)} />
      <Modal open={draft !== null} title={TEXT.advanced} onClose={() => setAdvanced(null)} part="advanced-dialog" size="full">
        {draft ? (
          <AdvancedGrid part="advanced-fields">
            {(['notes', 'objective', 'brief', 'methodology', 'study_duration', 'decision_to_inform', 'incentive'] as const).map((k) => (
              <TextField key={k} label={k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())} value={draft[k]}
                onChange={(e: ChangeEvent<HTMLInputElement>) => setAdvanced({ ...draft, [k]: e.target.value })} />
            ))}
            {ADVANCED_DATES.map((k) => (
              <DateTimeField key={k} label={k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())} value={draft[k]}
                onChange={(value) => setAdvanced({ ...draft, [k]: value })} />
            ))}
            <div className="buttons">
              <Button type="button" part="advanced-close" $variant="secondary" onClick={() => setAdvanced(null)}>Close</Button>
              {/* A date that is not a real dd/mm/yyyy hh:mm would be dropped at Create: it is not kept. */}
              <Button type="button" part="advanced-save" disabled={!ADVANCED_DATES.every((k) => isDateTimeValue(draft[k]))}
                onClick={() => { setValues(draft); setAdvanced(null); }}>Save</Button>
            </div>
          </AdvancedGrid>
        ) : null}
      </Modal>
      {failure ? <Toast kind="error" text={failure} duration={TOAST_DURATION_ERROR} onClose={() => setFailure(null)} /> : null}
    </Wrap>
  );
}
