import { LinkButton } from '@beatmatch/frontend-common';
import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { Button, Checkbox, Form, Input, Result, Steps, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useServices } from '../session/services';
import { useReportError } from '../session/useReportError';
import { forgetLandingRef, signUpRef } from '../session/referralCookie';
import { AuthCard } from './AuthCard';
import { USERNAME_PATTERN, newPasswordRules } from './validation';
import { EmailField } from './EmailField';
import { useServerFieldErrors } from './fieldErrors';

interface SignUpValues {
  username: string;
  email: string;
  password: string;
  agreedToMail?: boolean;
}

export function SignUp() {
  const { api, config } = useServices();
  const reportError = useReportError();
  const [searchParams] = useSearchParams();
  const ref = signUpRef(searchParams.get('ref'));
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldErrors = useServerFieldErrors();

  if (signedUpEmail) return <SignedUp email={signedUpEmail} devMailbox={config.devMailbox} />;

  return (
    <AuthCard title="Sign up">
      {ref ? (
        <Typography.Paragraph type="secondary">
          Referral code: <strong>{ref}</strong>
        </Typography.Paragraph>
      ) : null}
      <Form
        name="signUp"
        onValuesChange={(changed: object) => Object.keys(changed).forEach(fieldErrors.clear)}
        layout="vertical"
        onFinish={async (values: SignUpValues) => {
          setBusy(true);
          try {
            const { agreedToMail, ...account } = values;
            await api.signup({ ...account, agreedToMail: agreedToMail === true, ...(ref ? { ref } : {}) });
            forgetLandingRef();
            setSignedUpEmail(values.email);
          } catch (error) {
            // A taken e-mail or username is said at its field.
            reportError(error, fieldErrors.setters('username', 'email'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          label="Username"
          name="username"
          {...fieldErrors.errorProps('username')}
          rules={[
            { required: true, message: 'Please choose a username' },
            { pattern: USERNAME_PATTERN, message: 'Use 3 to 30 letters, digits, _ . or -' },
          ]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <EmailField {...fieldErrors.errorProps('email')} />
        <Form.Item label="Password" name="password" rules={newPasswordRules('Please choose a password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {/* News mails only with a tick the user made: the box starts unticked. */}
        <Form.Item name="agreedToMail" valuePropName="checked" initialValue={false}>
          <Checkbox>{MAIL_CONSENT_MESSAGES.agree}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign up
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 8, fontSize: 13 }}>
        By signing up you agree to our <Link to="/policies/terms">Terms</Link> and{' '}
        <Link to="/policies/privacy">Privacy Policy</Link>.
      </Typography.Paragraph>
      <Typography.Text>
        Already have an account? <Link to="/login">Login</Link>
      </Typography.Text>
    </AuthCard>
  );
}

/** After signing up: the code is in the e-mail, entered after logging in. */
function SignedUp({ email, devMailbox }: { email: string; devMailbox: string | null }) {
  return (
    <Result
      status="success"
      title="Check your email"
      subTitle={`We emailed a six-digit code to ${email}.`}
      extra={
        <div style={{ maxWidth: 420, margin: '0 auto', textAlign: 'left' }}>
          <Steps
            orientation="vertical"
            current={0}
            items={[
              { title: 'Login', content: 'Log in with your email and password.' },
              { title: 'Enter the code', content: 'Enter the six-digit code from the email.' },
            ]}
          />
          <LinkButton to="/login" type="primary" block>
            Login
          </LinkButton>
          {devMailbox ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
              Development build: e-mails go to the <a href={devMailbox}>dev mailbox</a>.
            </Typography.Paragraph>
          ) : null}
        </div>
      }
    />
  );
}
