import { Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useServices } from '../session/services';
import { useReportError } from '../session/useReportError';
import { EmailField } from './EmailField';

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
          <EmailField autoFocus />
          <Button type="primary" htmlType="submit" loading={busy}>
            Send reset link
          </Button>
        </Form>
      )}
    </Modal>
  );
}
