import { Form, Input } from 'antd';

/** The e-mail field of the login, sign-up and forgot-password forms: required, checked as an e-mail. */
export function EmailField() {
  return (
    <Form.Item
      label="Email"
      name="email"
      rules={[
        { required: true, message: 'Please enter your email' },
        { type: 'email', message: 'Please enter a valid email' },
      ]}
    >
      <Input type="email" autoComplete="email" />
    </Form.Item>
  );
}
