import { LinkButton } from '@beatmatch/frontend-common';
import { Button, Form, Input, Result, Spin } from 'antd';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../api/client';
import { AuthCard } from './AuthCard';
import { useResetPassword, type ResetState } from './useResetPassword';
import { newPasswordRules } from './validation';

export function ResetPassword() {
  const { state, setup, busy, submit } = useResetPassword();
  if (state.name === 'checking')
    return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  if (state.name !== 'ready')
    return <LinkOutcome state={state} link={setup ? 'set-up link' : 'reset link'} />;
  return (
    <AuthCard title={setup ? 'Set up your Beatmatch account' : 'Reset your password'}>
      <Form
        name="resetPassword"
        layout="vertical"
        onFinish={({ password }: { password: string }) => submit(state.username, password)}
      >
        <Form.Item
          label="New password"
          name="password"
          rules={newPasswordRules('Please enter a new password')}
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

/** What a link that cannot be used yet, or has been used, comes to. */
function LinkOutcome({
  state,
  link,
}: {
  state: Exclude<ResetState, { name: 'checking' | 'ready' }>;
  link: string;
}) {
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
  const login = (
    <LinkButton to="/login" type="primary">
      Login
    </LinkButton>
  );
  switch (state.name) {
    case 'tooManyAttempts':
      // The link may well be valid: say what happened, not that the link is bad.
      return (
        <Result
          status="warning"
          title={TOO_MANY_ATTEMPTS_MESSAGE}
          subTitle={`Your ${link} was not checked yet. Wait a minute, then reload this page.`}
          extra={reload}
        />
      );
    case 'unavailable':
      return <Result status="error" title={state.message} extra={reload} />;
    case 'invalid':
      return (
        <Result
          status="warning"
          title={`This ${link} is not valid`}
          subTitle="Request a new link from the login page (Forgot password?)."
          extra={login}
        />
      );
    case 'done':
      return <Result status="success" title={state.message} extra={login} />;
  }
}
