import { LinkButton } from '../layout/LinkButton';
import { Button, Form, Input, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, TOO_MANY_ATTEMPTS_MESSAGE, isRateLimited, isUnavailable } from '../api/client';
import { useServices } from '../session/services';
import { useReportError } from '../session/useReportError';
import { AuthCard } from './AuthCard';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation';

type State =
  | { name: 'checking' }
  | { name: 'invalid' }
  | { name: 'tooManyAttempts' }
  | { name: 'unavailable'; message: string }
  | { name: 'ready'; username: string }
  | { name: 'done'; message: string };

const isExpired = (error: unknown) => error instanceof ApiError && error.message === 'expired';

export function ResetPassword() {
  const { api } = useServices();
  const reportError = useReportError();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const jwt = searchParams.get('auth');
  const usernameParam = searchParams.get('username') ?? undefined;
  // A guest buyer's account set-up link (identity mails it after a guest checkout) opens this page too.
  const setup = searchParams.get('setup') === '1';
  const link = setup ? 'set-up link' : 'reset link';
  const [state, setState] = useState<State>({ name: 'checking' });
  const [busy, setBusy] = useState(false);
  // Each check spends one of the few reset attempts a minute: check a link once, even when React
  // runs the effect twice (StrictMode) or the page re-renders.
  const checked = useRef<{ jwt: string; result: Promise<{ username: string }> } | null>(null);

  const expired = () =>
    navigate('/login', {
      replace: true,
      state: {
        notice: setup
          ? 'This set-up link has expired. Use Forgot password? with your e-mail to choose a password.'
          : 'This reset link has expired. Please request a new one.',
      },
    });

  useEffect(() => {
    if (!jwt) {
      setState({ name: 'invalid' });
      return;
    }
    if (checked.current?.jwt !== jwt) checked.current = { jwt, result: api.checkResetToken(jwt) };
    let cancelled = false;
    checked.current.result.then(
      (reply) => !cancelled && setState({ name: 'ready', username: usernameParam ?? reply.username }),
      (error: unknown) => {
        if (cancelled) return;
        if (isExpired(error)) expired();
        else if (isRateLimited(error)) setState({ name: 'tooManyAttempts' });
        else if (isUnavailable(error)) setState({ name: 'unavailable', message: (error as Error).message });
        else setState({ name: 'invalid' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [jwt]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state.name === 'checking')
    return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;

  if (state.name === 'tooManyAttempts') {
    // The link may well be valid: say what happened, not that the link is bad.
    return (
      <Result
        status="warning"
        title={TOO_MANY_ATTEMPTS_MESSAGE}
        subTitle={`Your ${link} was not checked yet. Wait a minute, then reload this page.`}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    );
  }

  if (state.name === 'unavailable') {
    return (
      <Result
        status="error"
        title={state.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    );
  }

  if (state.name === 'invalid') {
    return (
      <Result
        status="warning"
        title={`This ${link} is not valid`}
        subTitle="Request a new link from the login page (Forgot password?)."
        extra={
          <LinkButton to="/login" type="primary">
            Login
          </LinkButton>
        }
      />
    );
  }

  if (state.name === 'done') {
    return (
      <Result
        status="success"
        title={state.message}
        extra={
          <LinkButton to="/login" type="primary">
            Login
          </LinkButton>
        }
      />
    );
  }

  return (
    <AuthCard title={setup ? 'Set up your Beatmatch account' : 'Reset your password'}>
      <Form
        name="resetPassword"
        layout="vertical"
        onFinish={async ({ password }: { password: string }) => {
          setBusy(true);
          try {
            const reply = await api.resetPassword({
              username: state.username || undefined,
              password,
              jwt: jwt!,
            });
            setState({ name: 'done', message: reply.message });
          } catch (error) {
            if (isExpired(error)) expired();
            else reportError(error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          label="New password"
          name="password"
          rules={[
            { required: true, message: 'Please enter a new password' },
            {
              min: PASSWORD_MIN,
              max: PASSWORD_MAX,
              message: `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
            },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Please confirm the password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error('The passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {setup ? 'Set password' : 'Reset password'}
        </Button>
      </Form>
    </AuthCard>
  );
}
