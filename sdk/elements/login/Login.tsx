import { useEffect, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import { useGazeDispatch, useGazeSelector } from '../../core/store/context';
import { useApi } from '../../core/resource/hooks';
import { sessionActions } from '../../core/session/slice';
import { selectAuthenticated, selectSessionError, selectSigningIn, selectUser } from '../../core/session/selectors';
import { Actions, Button, Card, ErrorText, FormikTextField, Heading, Link, useEmit } from '../../ui';
import { forgotSchema, loginSchema } from './schema';

/** Shown under the form; the store keeps 'Invalid email or password' (D1-027/028). */
export const LOGIN_FAILED_TEXT = 'Invalid username or password';

export type LoginView = 'login' | 'forgot' | 'request';

export interface LoginProps {
  view?: LoginView;
  /** Address shown on the request-login view (mailto link). */
  contactEmail?: string;
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
  return (
    <Card>
      <Heading>Forgot password</Heading>
      <Formik
        initialValues={{ email: '' }}
        validationSchema={forgotSchema}
        onSubmit={(v) => {
          // The spec'd behaviour (D1-033/034): log the value, no call, nothing shown.
          console.log(v.email);
        }}
      >
        <Form noValidate part="form">
          <FormikTextField name="email" label="Email" type="email" autoComplete="email" />
          <Actions>
            <Button type="submit">Recover Password</Button>
            <Link href="/login">Back to Sign In</Link>
          </Actions>
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

export function Login({ view = 'login', contactEmail }: LoginProps) {
  if (view === 'forgot') return <ForgotForm />;
  if (view === 'request') return <RequestLogin contactEmail={contactEmail} />;
  return <SignInForm />;
}

