import { Form, Input, type FormItemProps } from 'antd';

/** The e-mail field of the login, sign-up and forgot-password forms: required, checked as an e-mail. */
export function EmailField({
  autoFocus = false,
  validateStatus,
  help,
}: { autoFocus?: boolean } & Pick<FormItemProps, 'validateStatus' | 'help'>) {
  return (
    <Form.Item
      validateStatus={validateStatus}
      help={help}
      label="Email"
      name="email"
      rules={[
        { required: true, message: 'Please enter your email' },
        { type: 'email', message: 'Please enter a valid email' },
      ]}
    >
      <Input type="email" autoComplete="email" autoFocus={autoFocus} />
    </Form.Item>
  );
}
