import { LinkButton } from '../layout/LinkButton';
import { App, Button, Form, Input, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useServices } from '../session/services';
import { useReportError } from '../session/useReportError';
import { AuthCard } from './AuthCard';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation';

type State =
  | { name: 'checking' }
  | { name: 'invalid' }
  | { name: 'ready'; username: string }
  | { name: 'done'; message: string };

const isExpired = (error: unknown) => error instanceof ApiError && error.message === 'expired';

export function ResetPassword() {
  const { api } = useServices();
  const reportError = useReportError();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const jwt = searchParams.get('auth');
  const usernameParam = searchParams.get('username') ?? undefined;
  const [state, setState] = useState<State>({ name: 'checking' });
  const [busy, setBusy] = useState(false);

  const expired = () => {
    void message.error('This reset link has expired. Please request a new one.');
    navigate('/login', { replace: true });
  };

  useEffect(() => {
    if (!jwt) {
      setState({ name: 'invalid' });
      return;
    }
    let cancelled = false;
    api.checkResetToken(jwt).then(
      (reply) => !cancelled && setState({ name: 'ready', username: usernameParam ?? reply.username }),
      (error: unknown) => {
        if (cancelled) return;
        if (isExpired(error)) expired();
        else setState({ name: 'invalid' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [jwt]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state.name === 'checking')
    return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;

  if (state.name === 'invalid') {
    return (
      <Result
        status="warning"
        title="This reset link is not valid"
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
    <AuthCard title="Reset your password">
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
          <Input.Password autoComplete="new-password" />
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
          Reset password
        </Button>
      </Form>
    </AuthCard>
  );
}
