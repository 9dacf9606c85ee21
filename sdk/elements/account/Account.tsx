import { useMemo, useState } from 'react';
import { Form, Formik } from 'formik';
import { useMutation, useResource } from '../../core/resource/hooks';
import { accountDetails, profileForm, saveProfile } from '../../core/account/account';
import type { Profile } from '../../core/api/user';
import { adminPasswordReset, companyUsers } from '../../core/account/password-reset';
import { Actions, Button, Card, CopyButton, ErrorText, Fieldset, FormikTextField, Heading, Spinner, SuccessText, TextField, formatDateTime } from '../../ui';
import { profileSchema } from './schema';

const FIELDS: { name: keyof Profile; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'location', label: 'Location' },
  { name: 'job_title', label: 'Job title', autoComplete: 'organization-title' },
  { name: 'phone_number', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

/** Said under the form once a save has worked. */
export const PROFILE_SAVED = 'Your details have been saved.';

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

  const admin = Boolean(details.data?.company_admin || details.data?.super_user);

  return (
    <>
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
          {/* Issue 38: a save that worked says so (a failed one stays silent, D1-042). */}
          {save.done && !saving ? <SuccessText>{PROFILE_SAVED}</SuccessText> : null}
        </Form>
      </Formik>
    </Card>
    {admin ? <CompanyUsers /> : null}
    </>
  );
}

/**
 * Company administrators (and super users, for the company they act for) reset a user's password
 * (issue 38): a one-time link to pass on, or a temporary password. Each is shown once.
 */
function CompanyUsers() {
  const users = useResource(companyUsers, undefined);
  const reset = useMutation(adminPasswordReset);
  const [target, setTarget] = useState<{ id: number; username: string } | null>(null);
  const answer = reset.done ? reset.result : null;
  const run = (user: { id: number; username: string }, mode: 'link' | 'temporary') => {
    setTarget(user);
    reset.run({ userId: user.id, mode });
  };
  return (
    <Card style={{ marginTop: 16 }}>
      <Heading as="h2">Users of your company</Heading>
      <p>Reset a user's password: give them a one-time link (it works for 60 minutes), or set a temporary password.</p>
      {users.status === 'error' ? <ErrorText>The users could not be loaded ({users.error}).</ErrorText> : null}
      {users.data === null && users.status !== 'error' ? <p role="status">Loading users…</p> : null}
      {users.data ? (
        // Scrolls inside the card on a phone instead of pushing the page wider.
        <div style={{ overflowX: 'auto' }}>
        <table part="users">
          <thead>
            <tr><th scope="col">Username</th><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Password</th></tr>
          </thead>
          <tbody>
            {users.data.map((u) => (
              <tr key={u.id}>
                <th scope="row">{u.username}</th>
                <td>{[u.first_name, u.last_name].filter(Boolean).join(' ')}</td>
                <td>{u.email ?? ''}</td>
                <td>
                  <Actions>
                    <Button $variant="secondary" disabled={reset.pending} aria-label={`Reset link for ${u.username}`} onClick={() => run(u, 'link')}>Reset link</Button>
                    <Button $variant="secondary" disabled={reset.pending} aria-label={`Temporary password for ${u.username}`} onClick={() => run(u, 'temporary')}>Temporary password</Button>
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : null}
      {reset.status === 'error' ? <ErrorText>{reset.error}</ErrorText> : null}
      {answer && target ? (
        <SuccessText>
          {answer.link ? (
            <>
              <TextField label={`Reset link for ${target.username}`} value={answer.link} readOnly />
              <p>
                Works once, until {formatDateTime(answer.expires_at ?? '')}.{' '}
                <CopyButton text={answer.link} label="Copy the reset link" fallbackHint="select the link instead" />
              </p>
            </>
          ) : (
            <>
              <TextField label={`Temporary password for ${target.username}`} value={answer.temporary_password ?? ''} readOnly />
              <p>
                Their old password and sessions no longer work.{' '}
                <CopyButton text={answer.temporary_password ?? ''} label="Copy the temporary password" fallbackHint="select the password instead" />
              </p>
            </>
          )}
        </SuccessText>
      ) : null}
    </Card>
  );
}

