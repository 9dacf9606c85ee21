import { useEffect, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import { useGazeDispatch, useGazeSelector } from '../../core/store/context';
import { useApi, useMutation } from '../../core/resource/hooks';
import { forgotPassword, setNewPassword } from '../../core/account/password-reset';
import { sessionActions } from '../../core/session/slice';
import { selectAuthenticated, selectSessionError, selectSigningIn, selectUser } from '../../core/session/selectors';
import { Actions, Button, Card, ErrorText, FormikTextField, Heading, Link, SuccessText, useEmit } from '../../ui';
import { forgotSchema, loginSchema, PASSWORD_HINT, resetSchema } from './schema';

/** Shown under the form; the store keeps 'Invalid email or password' (D1-027/028). */
export const LOGIN_FAILED_TEXT = 'Invalid username or password';

export type LoginView = 'login' | 'forgot' | 'request' | 'reset';

export interface LoginProps {
  view?: LoginView;
  /** Address shown on the request-login view (mailto link). */
  contactEmail?: string;
  /** The reset view: the token of the reset link (the page's `?token=`). */
  resetToken?: string;
}

function SignInForm() {
  const dispatch = useGazeDispatch();
  const api = useApi();
  const emit = useEmit();
  const signingIn = useGazeSelector(selectSigningIn);
  const authenticated = useGazeSelector(selectAuthenticated);
  const error = useGazeSelector(selectSessionError);
  const user = useGazeSelector(selectUser);
  const [showPassword, setShowPassword] = useState(false);
  // Only announce a sign-in this form started, not a session restored from storage.
  const submitted = useRef(false);

  useEffect(() => {
    if (submitted.current && authenticated && user) {
      submitted.current = false;
      emit('gaze-signed-in', { user });
    }
  }, [authenticated, user, emit]);

  return (
    <Card>
      <Heading>Sign In</Heading>
      <Formik
        initialValues={{ username: '', password: '' }}
        validationSchema={loginSchema}
        onSubmit={(v) => {
          submitted.current = true;
          dispatch(sessionActions.signIn({ username: v.username.trim(), password: v.password, api }));
        }}
      >
        <Form noValidate part="form">
          <FormikTextField name="username" label="Username" autoComplete="username" disabled={signingIn} />
          <FormikTextField
            name="password"
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            disabled={signingIn}
            adornment={
              <Button
                $variant="secondary"
                part="toggle"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((s) => !s)}
              >
                {showPassword ? 'Hide' : 'Show'}
              </Button>
            }
          />
          <Actions>
            <Button type="submit" disabled={signingIn}>
              Sign In
            </Button>
            <Link href="/forgot_password">Forgot password?</Link>
          </Actions>
          <p>
            <Link href="/request_login">Don't have an account? Sign up</Link>
          </p>
          {error ? <ErrorText>{LOGIN_FAILED_TEXT}</ErrorText> : null}
        </Form>
      </Formik>
    </Card>
  );
}

function ForgotForm() {
  // The spec's form (an e-mail field, 'Recover Password'); the server answers the same for every
  // address (issue 38): a link is e-mailed when it sends mail, else ask an administrator.
  const ask = useMutation(forgotPassword);
  return (
    <Card>
      <Heading>Forgot password</Heading>
      <Formik
        initialValues={{ email: '' }}
        validationSchema={forgotSchema}
        onSubmit={(v) => {
          ask.run({ email: v.email.trim() });
        }}
      >
        <Form noValidate part="form">
          <FormikTextField name="email" label="Email" type="email" autoComplete="email" disabled={ask.pending} />
          <Actions>
            <Button type="submit" disabled={ask.pending}>Recover Password</Button>
            <Link href="/login">Back to Sign In</Link>
          </Actions>
          {ask.done && ask.result ? <SuccessText>{ask.result.message}</SuccessText> : null}
          {ask.status === 'error' ? <ErrorText>{ask.error}</ErrorText> : null}
        </Form>
      </Formik>
    </Card>
  );
}

function ResetForm({ token }: { token?: string }) {
  const save = useMutation(setNewPassword);
  const [shown, setShown] = useState(false);
  if (!token) {
    return (
      <Card>
        <Heading>Set a new password</Heading>
        <ErrorText>This page needs the link from your reset e-mail (or from your administrator).</ErrorText>
        <p>
          <Link href="/forgot_password">Ask for a new link</Link>
        </p>
      </Card>
    );
  }
  if (save.done && save.result) {
    return (
      <Card>
        <Heading>Set a new password</Heading>
        <SuccessText>{save.result.message}</SuccessText>
        <p>
          <Link href="/login">Sign In</Link>
        </p>
      </Card>
    );
  }
  return (
    <Card>
      <Heading>Set a new password</Heading>
      <Formik
        initialValues={{ password: '', confirm: '' }}
        validationSchema={resetSchema}
        validateOnChange
        onSubmit={(v) => {
          save.run({ token, password: v.password });
        }}
      >
        <Form noValidate part="form">
          <FormikTextField
            name="password"
            label="New password"
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            disabled={save.pending}
            hint={PASSWORD_HINT}
            adornment={
              <Button $variant="secondary" part="toggle" aria-label={shown ? 'Hide password' : 'Show password'} aria-pressed={shown} onClick={() => setShown((x) => !x)}>
                {shown ? 'Hide' : 'Show'}
              </Button>
            }
          />
          <FormikTextField name="confirm" label="Repeat new password" type={shown ? 'text' : 'password'} autoComplete="new-password" disabled={save.pending} />
          <Actions>
            <Button type="submit" disabled={save.pending}>Set Password</Button>
            <Link href="/forgot_password">Ask for a new link</Link>
          </Actions>
          {save.status === 'error' ? <ErrorText>{save.error}</ErrorText> : null}
        </Form>
      </Formik>
    </Card>
  );
}

function RequestLogin({ contactEmail }: { contactEmail?: string }) {
  return (
    <Card>
      <Heading>Request a login</Heading>
      <p>
        Accounts are created by your provider. To request one, contact your account manager
        {contactEmail ? (
          <>
            {' '}or write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </>
        ) : null}
        .
      </p>
      <Link href="/login">Back to Sign In</Link>
    </Card>
  );
}

export function Login({ view = 'login', contactEmail, resetToken }: LoginProps) {
  if (view === 'forgot') return <ForgotForm />;
  if (view === 'reset') return <ResetForm token={resetToken} />;
  if (view === 'request') return <RequestLogin contactEmail={contactEmail} />;
  return <SignInForm />;
}

