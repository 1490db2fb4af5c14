import { Button, Divider, Form, Input, Modal, Typography } from 'antd';

/** A visitor's choice at Check Out: log in, or check out as a guest with an e-mail. */
export function GuestCheckoutDialog({
  open,
  onClose,
  onLogIn,
  onGuest,
}: {
  open: boolean;
  onClose(): void;
  onLogIn(): void;
  onGuest(email: string): void;
}) {
  return (
    <Modal open={open} title="Check Out" footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="guest-checkout">
        <Button type="primary" block size="large" onClick={onLogIn}>
          Login
        </Button>
        <Divider plain>or</Divider>
        <Typography.Paragraph>
          Check out as a guest: after paying we email you a link to set up your account, where your purchase
          waits in Purchases.
        </Typography.Paragraph>
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(values: { email: string }) => onGuest(values.email.trim())}
        >
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, message: 'Email is required.' },
              { type: 'email', message: 'Please enter a valid email.' },
            ]}
          >
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Button htmlType="submit" block size="large">
            Check out as guest
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
