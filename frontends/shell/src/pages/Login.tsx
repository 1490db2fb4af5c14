import { Alert, Button, Flex, Form, Input } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { redirectPath } from '../session/storage';
import { AuthCard } from './AuthCard';
import { AuthCodeStep } from './AuthCodeStep';
import { EmailField } from './EmailField';
import { useServerFieldErrors } from './fieldErrors';
import { useLogin, type Credentials } from './useLogin';

// Steps and dialogs a login may not reach load when they are shown.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const TrialOffer = lazy(() => import('./TrialOffer').then((m) => ({ default: m.TrialOffer })));
const SurveyStep = lazy(() => import('./SurveyStep'));

export function Login() {
  // A wrong code is said at the code field, a wrong password at the password field.
  const fieldErrors = useServerFieldErrors();
  const { step, credentials, setCredentials, busy, login, resend, enterPlatform, signedIn } =
    useLogin(fieldErrors);

  if (step.name === 'trial') {
    return <TrialOffer family={step.family} isReferral={step.isReferral} onContinue={enterPlatform} />;
  }

  if (step.name === 'authenticate' && credentials) {
    return (
      <AuthCodeStep
        email={credentials.email}
        busy={busy}
        fieldErrors={fieldErrors}
        onCode={(code) => login(credentials, { auth_code: code })}
        onResend={resend}
      />
    );
  }

  if (step.name === 'survey' && credentials) {
    return (
      <SurveyStep busy={busy} onAnswer={(survey) => login(credentials, { producerArtistSurvey: survey })} />
    );
  }

  return (
    <LoginCredentials
      busy={busy}
      fieldErrors={fieldErrors}
      signedIn={signedIn}
      onSubmit={(values) => {
        setCredentials(values);
        return login(values);
      }}
    />
  );
}

/** The first step: e-mail and password, Forgot password? and Create an account. */
function LoginCredentials({
  busy,
  fieldErrors,
  signedIn,
  onSubmit,
}: {
  busy: boolean;
  fieldErrors: ReturnType<typeof useServerFieldErrors>;
  signedIn: boolean;
  onSubmit(values: Credentials): Promise<void>;
}) {
  const location = useLocation();
  // A notice handed over by the screen that sent the user here (e.g. an expired reset link).
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [forgotOpen, setForgotOpen] = useState(false);
  return (
    <AuthCard title="Login">
      {notice ? <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      <Form
        name="login"
        onValuesChange={(changed: object) => Object.keys(changed).forEach(fieldErrors.clear)}
        layout="vertical"
        onFinish={onSubmit}
      >
        <EmailField autoFocus />
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: 'Please enter your password' }]}
          {...fieldErrors.errorProps('password')}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Login
        </Button>
      </Form>
      <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
        <Button type="link" style={{ padding: 0 }} onClick={() => setForgotOpen(true)}>
          Forgot password?
        </Button>
        <Link to="/signUp">Create an account</Link>
      </Flex>
      {signedIn ? (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={
            <>
              You are signed in. <Link to={redirectPath.get()}>Go to the platform</Link>
            </>
          }
        />
      ) : null}
      {forgotOpen ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
