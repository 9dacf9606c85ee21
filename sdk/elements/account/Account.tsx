import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useMutation, useResource } from '../../core/resource/hooks';
import { accountDetails, profileForm, saveProfile } from '../../core/account/account';
import type { Profile } from '../../core/api/user';
import { Actions, Button, Card, Fieldset, FormikTextField, Heading, Spinner, TextField } from '../../ui';
import { profileSchema } from './schema';

const FIELDS: { name: keyof Profile; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'location', label: 'Location' },
  { name: 'job_title', label: 'Job title', autoComplete: 'organization-title' },
  { name: 'phone_number', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

export function Account() {
  const details = useResource(accountDetails, undefined);
  const save = useMutation(saveProfile);
  const initial = useMemo(() => profileForm(details.data), [details.data]);
  const company = details.data?.company_name ?? '';
  const saving = save.pending;
  const loading = details.status === 'loading';

  return (
    <Card>
      <Heading>My account {loading ? <Spinner $size={16} /> : null}</Heading>
      <Formik
        initialValues={initial}
        enableReinitialize
        validationSchema={profileSchema}
        onSubmit={(values) => {
          save.run(values);
        }}
      >
        <Form noValidate part="form">
          {/* A disabled fieldset disables every control in it while saving (D1-041). */}
          <Fieldset disabled={saving} aria-busy={saving}>
            {FIELDS.map((f) => (
              <FormikTextField key={f.name} name={f.name} label={f.label} type={f.type ?? 'text'} autoComplete={f.autoComplete} />
            ))}
            <TextField label="Company name" name="company_name" value={company} readOnly />
            <Actions>
              <Button type="submit">Save</Button>
              {saving ? <Spinner $size={16} /> : null}
            </Actions>
          </Fieldset>
        </Form>
      </Formik>
    </Card>
  );
}

export default Account;
