import { beatmatchSdk, catalogApi } from '@beatmatch/frontend-common/sdk';
import type { ManagedBeat } from '@beatmatch/contracts';
import { App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState, type ChangeEvent } from 'react';
import { checkChangedCover, MESSAGES, priceText, priceValue } from '../upload/checks';

const catalog = () => catalogApi(beatmatchSdk().api);
const text = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
      message.error(text(failure));
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
      message.error(text(failure));
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

export const ALL_BEATS = { beatId: '0', beatName: 'All Beats' } as const;

/** Prices of one beat, or of every beat ('All Beats', beatId 0). */
export function PricesDialog({
  beat,
  onClose,
  onDone,
}: {
  beat: ManagedBeat | typeof ALL_BEATS | null;
  onClose(): void;
  onDone(): void;
}) {
  const { message } = App.useApp();
  const [first, setFirst] = useState<number | null>(null);
  const [second, setSecond] = useState<number | null>(null);
  const [third, setThird] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const all = beat?.beatId === ALL_BEATS.beatId;
  const hasMarriage = Boolean(beat && !all && 'thirdPackagePrice' in beat && beat.thirdPackagePrice !== '-');

  useEffect(() => {
    setError(undefined);
    if (beat && 'firstDatePackagePrice' in beat) {
      setFirst(priceValue(beat.firstDatePackagePrice));
      setSecond(priceValue(beat.secondPackagePrice));
      setThird(priceValue(beat.thirdPackagePrice));
    } else {
      setFirst(null);
      setSecond(null);
      setThird(null);
    }
  }, [beat]);

  const save = async () => {
    if (!beat) return;
    const a = priceText(first);
    const b = priceText(second);
    // All Beats: an empty Marriage price keeps each beat's own ('-').
    const c = hasMarriage ? priceText(third) : all && third !== null ? priceText(third) : { price: '-' };
    for (const field of [a, b, c]) if ('error' in field) return setError(field.error);
    setBusy(true);
    try {
      const reply = await catalog().editPrices(beat.beatId, beat.beatName, {
        firstDatePackagePrice: (a as { price: string }).price,
        relationshipPackagePrice: (b as { price: string }).price,
        marriagePackagePrice: (c as { price: string }).price,
      });
      message.success(reply.message);
      onDone();
    } catch (failure) {
      message.error(text(failure));
    } finally {
      setBusy(false);
    }
  };

  const field = (id: string, label: string, value: number | null, set: (v: number | null) => void) => (
    <Form.Item label={label} htmlFor={id} required={id !== 'price-all-third'}>
      <InputNumber id={id} prefix="$" min={0} step={0.01} precision={2} value={value} onChange={set} />
    </Form.Item>
  );

  return (
    <Modal
      open={Boolean(beat)}
      title={all ? 'Prices of all your beats' : `Prices of ${beat?.beatName ?? ''}`}
      okText="Save"
      onOk={() => void save()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        {error ? (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        ) : null}
        {field('price-edit-first', 'First Date Package (MP3)', first, setFirst)}
        {field('price-edit-second', 'Relationship Package (MP3 + WAV)', second, setSecond)}
        {hasMarriage
          ? field('price-edit-third', 'Marriage Package (MP3 + WAV + stems)', third, setThird)
          : null}
        {all
          ? field(
              'price-all-third',
              'Marriage Package (beats with stems; empty keeps each price)',
              third,
              setThird,
            )
          : null}
      </Form>
    </Modal>
  );
}
