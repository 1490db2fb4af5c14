import { App, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorText } from './manageApi';

/**
 * Saving from a manage dialog: busy while the request runs; its answer (the success text) is told in a
 * message before `onDone`, a failure's in an error message.
 */
export function useSaving(onDone: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const saving = async (request: () => Promise<string>) => {
    setBusy(true);
    try {
      message.success(await request());
      onDone();
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, saving };
}

/** The modal every manage dialog opens: a title, Save (loading while busy) and Cancel. */
export function SaveDialog(props: {
  open: boolean;
  title: string;
  busy: boolean;
  onSave(): Promise<void>;
  onClose(): void;
  children: ReactNode;
}) {
  const { open, title, busy, onSave, onClose, children } = props;
  return (
    <Modal
      open={open}
      title={title}
      okText="Save"
      onOk={() => void onSave()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}

/** A dialog's one field, with the check's error under it. */
export function CheckedField(props: { label: string; htmlFor: string; error?: string; children: ReactNode }) {
  const { label, htmlFor, error, children } = props;
  return (
    <Form.Item label={label} htmlFor={htmlFor} validateStatus={error ? 'error' : undefined} help={error}>
      {children}
    </Form.Item>
  );
}
