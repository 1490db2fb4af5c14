import { Button, Flex, Form, Input } from 'antd';
import { useServices } from '../session/services';
import { AuthCard } from './AuthCard';
import type { useServerFieldErrors } from './fieldErrors';

const SIX_DIGITS = /^\d{6}$/;

/** The login's second step: the six-digit code e-mailed to the user, or Resend email. */
export function AuthCodeStep({
  email,
  busy,
  fieldErrors,
  onCode,
  onResend,
}: {
  email: string;
  busy: boolean;
  fieldErrors: ReturnType<typeof useServerFieldErrors>;
  onCode(code: string): Promise<void>;
  onResend(): Promise<void>;
}) {
  const { config } = useServices();
  return (
    <AuthCard title="Check your email">
      <p style={{ margin: '0 0 16px', lineHeight: 1.6 }}>
        We emailed a six-digit authentication code to <strong>{email}</strong>. Enter it below to verify your
        account.
      </p>
      <Form
        name="authCode"
        layout="vertical"
        onFinish={({ code }: { code: string }) => onCode(code.trim())}
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
          <Button onClick={onResend} disabled={busy}>
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
