import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useMutation, useResource } from '../../core/resource/hooks';
import { accountDetails, profileForm, saveProfile } from '../../core/account/account';
import type { Profile } from '../../core/api/user';
import { Actions, Button, Card, ErrorText, Fieldset, FormikTextField, Heading, Spinner, TextField } from '../../ui';
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
  // Until the profile is here the form holds empty strings, and saving them would blank the
  // stored profile (issue 10 item 2): nothing can be edited or submitted before it has loaded.
  const loaded = details.data !== null;
  const loading = !loaded && details.status !== 'error';
  const loadError = !loaded && details.status === 'error' ? details.error : null;

  return (
    <Card>
      <Heading>My account {loading ? <Spinner $size={16} /> : null}</Heading>
      <Formik
        initialValues={initial}
        enableReinitialize
        validationSchema={profileSchema}
        onSubmit={(values) => {
          if (loaded) save.run(values);
        }}
      >
        <Form noValidate part="form">
          {loading ? (
            <p part="loading" role="status">
              Loading your profile…
            </p>
          ) : null}
          {loadError ? (
            <ErrorText>
              Your profile could not be loaded ({loadError}).{' '}
              <Button $variant="link" onClick={details.refetch}>
                Try again
              </Button>
            </ErrorText>
          ) : null}
          {/* A disabled fieldset disables every control in it while loading or saving (D1-041). */}
          <Fieldset disabled={saving || !loaded} aria-busy={saving || loading}>
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

