// The panel definition form (spec D2 §3.3, §5, §8), shared by <gaze-panels> (in a modal) and
// <gaze-audience-form> (on the page): the six fields with their labels, validated at submit only
// with the six 'required' messages word for word (and 'Please enter a valid URL' for a redirect
// that is not http(s), the server's rule too); a failed save re-enables the form and says
// what failed (resolution 22); onDone after a successful save.
import { useEffect, useRef } from 'react';
import { Formik, Form } from 'formik';
import * as yup from 'yup';
import styled from 'styled-components';
import { useMutation } from '../../core/resource/hooks';
import { savePanel } from '../../core/study/study';
import { PANEL_FIELDS, PANEL_MESSAGES, PANEL_REDIRECT_FIELDS, PANEL_URL_MESSAGE, isRedirectUrl, type Panel, type PanelBody } from '../../core/api/study';
import { Button, ErrorText, FormikTextField } from '../../ui';

export const PANEL_LABELS: Record<keyof PanelBody, string> = {
  name: 'Name',
  code: 'Code',
  success_redirect_url: 'Complete Redirect',
  screenout_redirect_url: 'Disqualify Redirect',
  quota_full_redirect_url: 'Overquota Redirect',
  participant_insert_parameter: 'Parameter',
};

const isRedirect = (f: string) => (PANEL_REDIRECT_FIELDS as readonly string[]).includes(f);
/** Every field required; the three redirects http(s) addresses (the server's rule: contract isRedirectUrl). */
export const panelSchema = yup.object(Object.fromEntries(PANEL_FIELDS.map((f) => {
  const required = yup.string().trim().required(PANEL_MESSAGES[f]);
  return [f, isRedirect(f) ? required.test('url', PANEL_URL_MESSAGE, (v) => !v || isRedirectUrl(v)) : required];
})));


const EMPTY: PanelBody = {
  name: '', code: '', success_redirect_url: '', screenout_redirect_url: '', quota_full_redirect_url: '', participant_insert_parameter: '',
};

const Bar = styled.div`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  flex-wrap: wrap;
`;

export interface PanelFormProps {
  studyId: number;
  /** null: a new panel. */
  panel: Panel | null;
  onDone: () => void;
  onCancel?: () => void;
}

export function PanelForm({ studyId, panel, onDone, onCancel }: PanelFormProps) {
  const save = useMutation(savePanel, `panel-form-${studyId}-${panel?.id ?? 'new'}`);
  const started = useRef(save.count);
  const done = useRef(onDone);
  done.current = onDone;
  const initial: PanelBody = panel ? Object.fromEntries(PANEL_FIELDS.map((f) => [f, panel[f] ?? ''])) as PanelBody : EMPTY;
  // After a successful save (D2-046: the modal closes).
  useEffect(() => {
    if (save.count > started.current) { started.current = save.count; done.current(); }
  }, [save.count]);
  return (
    <Formik
      key={panel?.id ?? 'new'}
      initialValues={initial}
      validationSchema={panelSchema}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={(values) => save.run({ studyId, panelId: panel?.id, body: values })}
    >
      {() => (
        <Form noValidate aria-label={panel ? 'Edit panel' : 'New panel'} part="panel-form">
          {PANEL_FIELDS.map((f) => (
            <FormikTextField key={f} name={f} label={PANEL_LABELS[f]} disabled={save.pending} />
          ))}
          {save.error ? <ErrorText>Could not save the panel: {save.error}</ErrorText> : null}
          <Bar>
            {onCancel ? <Button type="button" $variant="secondary" onClick={onCancel} disabled={save.pending}>Cancel</Button> : null}
            <Button type="submit" disabled={save.pending} aria-busy={save.pending || undefined}>
              {panel ? 'Save panel' : 'Create panel'}
            </Button>
          </Bar>
        </Form>
      )}
    </Formik>
  );
}
