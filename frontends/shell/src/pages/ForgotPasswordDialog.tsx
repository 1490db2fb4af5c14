import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useServices } from '../session/services';
import { useReportError } from '../session/useReportError';

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api } = useServices();
  const reportError = useReportError();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setSentMessage(null);
    onClose();
  };

  return (
    <Modal title="Forgot password" open={open} onCancel={close} footer={null} destroyOnHidden>
      {sentMessage ? (
        <>
          <Alert type="success" showIcon title={sentMessage} />
          <Button style={{ marginTop: 16 }} onClick={close}>
            Close
          </Button>
        </>
      ) : (
        <Form
          name="forgotPassword"
          layout="vertical"
          onFinish={async ({ email }: { email: string }) => {
            setBusy(true);
            try {
              const reply = await api.forgotPassword(email);
              setSentMessage(reply.message);
            } catch (error) {
              reportError(error);
            } finally {
              setBusy(false);
            }
          }}
        >
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
          <Button type="primary" htmlType="submit" loading={busy}>
            Send reset link
          </Button>
        </Form>
      )}
    </Modal>
  );
}
