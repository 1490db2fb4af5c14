import { Alert, Button, Flex, Form, Input } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LoginReply, SurveyAnswer } from '../api/beatmatch';
import { useServices } from '../session/services';
import { useSession } from '../session/SessionContext';
import { redirectPath } from '../session/storage';
import { useReportError } from '../session/useReportError';
import { useToasts } from '../session/toasts';
import { AuthCard } from './AuthCard';

// Steps and dialogs a login may not reach load when they are shown.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const TrialOffer = lazy(() => import('./TrialOffer').then((m) => ({ default: m.TrialOffer })));
const SurveyStep = lazy(() => import('./SurveyStep'));
import { EmailField } from './EmailField';
import { useServerFieldErrors } from './fieldErrors';

type Step =
  | { name: 'credentials' }
  | { name: 'authenticate' }
  | { name: 'survey' }
  | { name: 'trial'; family: 'producer' | 'artist'; isReferral: boolean };

interface Credentials {
  email: string;
  password: string;
}

const SIX_DIGITS = /^\d{6}$/;

export function Login() {
  const { api, config, device } = useServices();
  const session = useSession();
  const reportError = useReportError();
  const message = useToasts();
  const navigate = useNavigate();
  const location = useLocation();
  // A notice handed over by the screen that sent the user here (e.g. an expired reset link).
  const notice = (location.state as { notice?: string } | null)?.notice;
  // A wrong code is said at the code field, a wrong password at the password field.
  const fieldErrors = useServerFieldErrors();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  const enterPlatform = () => navigate(redirectPath.get(), { replace: true });

  async function follow(reply: LoginReply) {
    switch (reply.response) {
      case 'success':
        await session.refresh();
        enterPlatform();
        return;
      case 'authenticate':
        setStep({ name: 'authenticate' });
        return;
      case 'survey':
        setStep({ name: 'survey' });
        return;
      case 'prodSubs':
      case 'artistSubs':
        await session.refresh();
        setStep({
          name: 'trial',
          family: reply.response === 'prodSubs' ? 'producer' : 'artist',
          isReferral: reply.isReferral,
        });
        return;
      default: {
        const unexpected: never = reply.response;
        throw new Error(`Unexpected login response ${String(unexpected)}`);
      }
    }
  }

  async function login(
    current: Credentials,
    extra: { auth_code?: string; producerArtistSurvey?: SurveyAnswer } = {},
  ) {
    setBusy(true);
    try {
      const uuid = await device.ensure();
      const reply = await api.login({ ...current, uuid, ...extra });
      await follow(reply);
    } catch (error) {
      // A wrong code marks the code field; a wrong password the password field.
      reportError(error, fieldErrors.setters('code', 'password'));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!credentials) return;
    setBusy(true);
    try {
      const uuid = await device.ensure();
      const reply = await api.resendCode({ ...credentials, uuid });
      void message.success(reply.message);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  if (step.name === 'trial') {
    return <TrialOffer family={step.family} isReferral={step.isReferral} onContinue={enterPlatform} />;
  }

  if (step.name === 'authenticate' && credentials) {
    return (
      <AuthCard title="Check your email">
        <p style={{ margin: '0 0 16px', lineHeight: 1.6 }}>
          We emailed a six-digit authentication code to <strong>{credentials.email}</strong>. Enter it below
          to verify your account.
        </p>
        <Form
          name="authCode"
          layout="vertical"
          onFinish={({ code }: { code: string }) => login(credentials, { auth_code: code.trim() })}
          onValuesChange={(changed: object) => Object.keys(changed).forEach(fieldErrors.clear)}
        >
          <Form.Item
            label="Authentication code"
            name="code"
            {...fieldErrors.errorProps('code')}
            rules={[
              { required: true, message: 'Please enter the code from the email' },
              { pattern: SIX_DIGITS, message: 'The code has six digits' },
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              autoFocus
            />
          </Form.Item>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={busy}>
              Verify
            </Button>
            <Button onClick={resend} disabled={busy}>
              Resend email
            </Button>
          </Flex>
        </Form>
        {config.devMailbox ? (
          <p style={{ marginTop: 16, marginBottom: 0, color: 'rgba(0, 0, 0, 0.55)' }}>
            Development build: e-mails go to the <a href={config.devMailbox}>dev mailbox</a>.
          </p>
        ) : null}
      </AuthCard>
    );
  }

  if (step.name === 'survey' && credentials) {
    return (
      <SurveyStep busy={busy} onAnswer={(survey) => login(credentials, { producerArtistSurvey: survey })} />
    );
  }

  return (
    <AuthCard title="Login">
      {notice ? <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      <Form
        name="login"
        onValuesChange={(changed: object) => Object.keys(changed).forEach(fieldErrors.clear)}
        layout="vertical"
        onFinish={(values: Credentials) => {
          setCredentials(values);
          return login(values);
        }}
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
      {session.status === 'signedIn' ? (
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
