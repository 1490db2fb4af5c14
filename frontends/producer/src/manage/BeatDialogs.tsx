import type { ManagedBeat } from '@beatmatch/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState, type ChangeEvent } from 'react';
import { checkChangedCover, MESSAGES } from '../upload/checks';
import { catalog, errorText } from './manageApi';

/** Rename (spec §5: name required). */
export function RenameDialog({
  beat,
  onClose,
  onDone,
}: {
  beat: ManagedBeat | null;
  onClose(): void;
  onDone(): void;
}) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(beat?.beatName ?? '');
    setError(undefined);
  }, [beat]);

  const save = async () => {
    if (!beat) return;
    if (!name.trim()) return setError(MESSAGES.nameRequired);
    setBusy(true);
    try {
      const reply = await catalog().rename(beat.beatId, name.trim());
      message.success(`Renamed to ${reply.beatName}`);
      onDone();
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(beat)}
      title="Change name"
      okText="Save"
      onOk={() => void save()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item
          label="Beat name"
          htmlFor="rename-beat"
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <Input
            id="rename-beat"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Cover art change (spec §5: JPG or PNG, square, a file required). */
export function CoverDialog({
  beat,
  onClose,
  onDone,
}: {
  beat: ManagedBeat | null;
  onClose(): void;
  onDone(): void;
}) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setFile(undefined);
    setError(undefined);
  }, [beat]);

  const save = async () => {
    if (!beat) return;
    const problem = await checkChangedCover(file);
    if (problem || !file) return setError(problem ?? MESSAGES.changeCoverMissing);
    setBusy(true);
    try {
      await catalog().changeCover(beat.beatId, file);
      message.success(`Updated the cover art of ${beat.beatName}`);
      onDone();
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(beat)}
      title="Change cover art"
      okText="Save"
      onOk={() => void save()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="Cover art (JPG or PNG, square, up to 2048x2048)"
          htmlFor="change-cover"
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <input
            id="change-cover"
            type="file"
            accept="image/png,image/jpeg"
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              setError(undefined);
              setFile(event.target.files?.[0]);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
