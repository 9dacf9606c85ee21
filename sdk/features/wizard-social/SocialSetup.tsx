// The 'Social Page Setup' step of <gaze-study-wizard kind="social"> (spec D3 §2.5, §3, §5): the
// platform and ad type pickers, the new-social-system switch, the chosen form's fields (errors from
// the step's yup schema, sdk/features/wizard-schemas) and the live preview beside them.
import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { FieldError, Select, Switch, TextField, tokens } from '../../ui';
import type { WizardValues } from '../wizard-schemas/values';
import {
  AD_TYPE_LABELS, SOCIAL_PLATFORMS, SOCIAL_PLATFORM_NAMES, adTypesOffered, choiceOf, choosePatch, fieldsOf, newSystemPatch, promotable,
  soundToggleShown, type FieldSpec,
} from './model';
import { SocialPreview } from './Preview';

const Layout = styled.div`
  display: grid;
  gap: ${tokens.space5};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 400px), 1fr));
  align-items: start;
  .pickers { display: grid; gap: ${tokens.space3}; margin-bottom: ${tokens.space4}; }
  .chips { display: flex; flex-wrap: wrap; gap: ${tokens.space2}; }
  .chips label {
    display: inline-flex; align-items: center; gap: ${tokens.space1}; cursor: pointer;
    border: 1px solid ${tokens.border}; border-radius: 999px; padding: 4px 12px; background: ${tokens.surface};
  }
  .chips label:has(input:checked) { border-color: ${tokens.primaryStrong}; background: ${tokens.surfaceAlt}; font-weight: 600; }
  .chips input { margin: 0; accent-color: ${tokens.primaryStrong}; }
  .chips input:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: 2px; }
  .switches { display: flex; flex-wrap: wrap; gap: ${tokens.space4}; margin: ${tokens.space2} 0 ${tokens.space3}; }
  .preview { position: sticky; top: ${tokens.space3}; }
  .field small.hint { color: ${tokens.muted}; display: block; margin: -8px 0 12px; }
  .field.select { margin-bottom: 12px; }
  > * { min-width: 0; }
`;

export interface SocialSetupProps {
  values: WizardValues;
  errors: Record<string, string>;
  /** Merges a patch into the form values. */
  onChange: (patch: Partial<WizardValues>) => void;
  /** The form was reset (another platform or ad type): old messages no longer apply. */
  onReset: () => void;
}

export function SocialSetup({ values, errors, onChange, onReset }: SocialSetupProps) {
  const choice = choiceOf(values);
  const { fields, promoted } = fieldsOf(choice);
  const offered = adTypesOffered(choice.platform, choice.newSystem);
  const choose = (platform: (typeof SOCIAL_PLATFORMS)[number], adType = choice.adType) => { onChange(choosePatch(values, platform, adType)); onReset(); };

  const field = (s: FieldSpec) => {
    const error = errors[s.name] ?? null;
    const label = s.optional ? `${s.label} (optional)` : s.label;
    const raw = values[s.name];
    if (s.kind === 'select') {
      return (
        <div className="field select" key={s.name}>
          <Select label={label} name={s.name} value={String(raw ?? '')} options={s.options ?? []} error={error} onChange={(x) => onChange({ [s.name]: x } as Partial<WizardValues>)} />
        </div>
      );
    }
    if (s.kind === 'rating') {
      return (
        <TextField key={s.name} label={label} name={s.name} type="number" min={0} max={5} step={1} inputMode="numeric" value={String(raw ?? '')} error={error}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onChange({ sc_promo_rating: (e.target.value === '' ? '' : Number(e.target.value)) as number })} />
      );
    }
    return (
      <div className="field" key={s.name}>
        <TextField label={label} name={s.name} value={String(raw ?? '')} error={error} type={s.kind === 'url' ? 'url' : undefined} inputMode={s.kind === 'url' ? 'url' : undefined}
          {...(s.kind === 'textarea' ? { multiline: true as const, rows: 3 } : {})}
          onChange={(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ [s.name]: e.target.value } as Partial<WizardValues>)} />
        {s.hint ? <small className="hint" part="hint">{s.hint}</small> : null}
      </div>
    );
  };

  return (
    <Layout part="social-setup">
      <div>
        <div className="pickers">
          <fieldset>
            <legend>Platform</legend>
            <div className="chips" role="radiogroup" aria-label="Platform" part="platforms">
              {SOCIAL_PLATFORMS.map((p) => (
                <label key={p}>
                  <input type="radio" name="social-platform" value={p} checked={choice.platform === p} onChange={() => choose(p)} /> {SOCIAL_PLATFORM_NAMES[p]}
                </label>
              ))}
            </div>
            {errors.incontext_site ? <FieldError>{errors.incontext_site}</FieldError> : null}
          </fieldset>
          <fieldset>
            <legend>Ad type</legend>
            <div className="chips" role="radiogroup" aria-label="Ad type" part="ad-types">
              {offered.map((t) => (
                <label key={t}>
                  <input type="radio" name="social-ad-type" value={t} checked={choice.adType === t} onChange={() => choose(choice.platform, t)} /> {AD_TYPE_LABELS[choice.platform][t]}
                </label>
              ))}
            </div>
            {errors.ad_type ? <FieldError>{errors.ad_type}</FieldError> : null}
          </fieldset>
        </div>
        <div className="switches">
          <Switch label="New social system" checked={choice.newSystem} onChange={(on) => { onChange(newSystemPatch(values, on)); if (on && choice.adType === 'watch') onReset(); }} />
        </div>
        {fields.map(field)}
        {soundToggleShown(values.stim_url) ? (
          <div className="switches" part="sound"><Switch label="Has sound" checked={values.has_sound} onChange={(on) => onChange({ has_sound: on })} /></div>
        ) : null}
        {promotable(choice) ? (
          <>
            <div className="switches" part="promoted-switch"><Switch label="Promoted" checked={values.promoted} onChange={(on) => onChange({ promoted: on })} /></div>
            {values.promoted ? <div part="promoted-options">{promoted.map(field)}</div> : null}
          </>
        ) : null}
      </div>
      <div className="preview"><SocialPreview values={values} /></div>
    </Layout>
  );
}
