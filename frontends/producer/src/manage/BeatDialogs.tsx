import type { ManagedBeat } from '@beatmatch/contracts';
import { Form, Input } from 'antd';
import { useEffect, useState, type ChangeEvent } from 'react';
import { checkChangedCover, MESSAGES, nameProblem } from '../upload/checks';
import { catalog } from './manageApi';
import { CheckedField, SaveDialog, useSaving } from './SaveDialog';

interface BeatDialogProps {
  beat: ManagedBeat | null;
  onClose(): void;
  onDone(): void;
}

/** Rename (spec §5: name required; one line of plain text, at most 200 characters). */
export function RenameDialog({ beat, onClose, onDone }: BeatDialogProps) {
  const { busy, saving } = useSaving(onDone);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setName(beat?.beatName ?? '');
    setError(undefined);
  }, [beat]);

  const save = async () => {
    if (!beat) return;
    const problem = nameProblem(name);
    if (problem) return setError(problem);
    await saving(async () => {
      const reply = await catalog().rename(beat.beatId, name.trim());
      return `Renamed to ${reply.beatName}`;
    });
  };

  return (
    <SaveDialog open={Boolean(beat)} title="Change name" busy={busy} onSave={save} onClose={onClose}>
      <Form layout="vertical" onFinish={() => void save()}>
        <CheckedField label="Beat name" htmlFor="rename-beat" error={error}>
          <Input
            id="rename-beat"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
        </CheckedField>
      </Form>
    </SaveDialog>
  );
}

/** Cover art change (spec §5: JPG or PNG, square, a file required). */
export function CoverDialog({ beat, onClose, onDone }: BeatDialogProps) {
  const { busy, saving } = useSaving(onDone);
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setFile(undefined);
    setError(undefined);
  }, [beat]);

  const save = async () => {
    if (!beat) return;
    const problem = await checkChangedCover(file);
    if (problem || !file) return setError(problem ?? MESSAGES.changeCoverMissing);
    await saving(async () => {
      await catalog().changeCover(beat.beatId, file);
      return `Updated the cover art of ${beat.beatName}`;
    });
  };

  return (
    <SaveDialog open={Boolean(beat)} title="Change cover art" busy={busy} onSave={save} onClose={onClose}>
      <Form layout="vertical">
        <CheckedField
          label="Cover art (JPG or PNG, square, up to 2048x2048)"
          htmlFor="change-cover"
          error={error}
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
        </CheckedField>
      </Form>
    </SaveDialog>
  );
}
