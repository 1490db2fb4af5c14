import type { ManagedBeat } from '@beatmatch/contracts';
import { Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { priceText, priceValue } from '../upload/checks';
import { priceHelp, PriceInput } from '../upload/PackagePriceFields';
import { catalog } from './manageApi';
import { SaveDialog, useSaving } from './SaveDialog';

export const ALL_BEATS = { beatId: '0', beatName: 'All Beats' } as const;

type PricedBeat = ManagedBeat | typeof ALL_BEATS;

/** The dialog's three prices, filled from the beat (empty for All Beats), checked and saved. */
function usePriceEdit(beat: PricedBeat | null, onDone: () => void) {
  const { busy, saving } = useSaving(onDone);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [third, setThird] = useState('');
  const [error, setError] = useState<string>();
  const all = beat?.beatId === ALL_BEATS.beatId;
  const hasMarriage = Boolean(beat && !all && 'thirdPackagePrice' in beat && beat.thirdPackagePrice !== '-');

  useEffect(() => {
    setError(undefined);
    if (beat && 'firstDatePackagePrice' in beat) {
      setFirst(priceValue(beat.firstDatePackagePrice));
      setSecond(priceValue(beat.secondPackagePrice));
      setThird(priceValue(beat.thirdPackagePrice));
    } else {
      setFirst('');
      setSecond('');
      setThird('');
    }
  }, [beat]);

  const save = async () => {
    if (!beat) return;
    const a = priceText(first);
    const b = priceText(second);
    // All Beats: an empty Marriage price keeps each beat's own ('-').
    const c = hasMarriage || (all && third.trim() !== '') ? priceText(third) : { price: '-' };
    for (const field of [a, b, c]) if ('error' in field) return setError(field.error);
    await saving(async () => {
      const reply = await catalog().editPrices(beat.beatId, beat.beatName, {
        firstDatePackagePrice: (a as { price: string }).price,
        relationshipPackagePrice: (b as { price: string }).price,
        marriagePackagePrice: (c as { price: string }).price,
      });
      return reply.message;
    });
  };

  const prices = { first, setFirst, second, setSecond, third, setThird };
  return { prices, all, hasMarriage, error, busy, save };
}

function PriceField(props: { id: string; label: string; value: string; onChange(value: string): void }) {
  const { id, label, value, onChange } = props;
  return (
    <Form.Item label={label} htmlFor={id} required={id !== 'price-all-third'} {...priceHelp(value)}>
      <PriceInput id={id} value={value} onChange={onChange} />
    </Form.Item>
  );
}

/** Prices of one beat, or of every beat ('All Beats', beatId 0). */
export function PricesDialog({
  beat,
  onClose,
  onDone,
}: {
  beat: PricedBeat | null;
  onClose(): void;
  onDone(): void;
}) {
  const { prices, all, hasMarriage, error, busy, save } = usePriceEdit(beat, onDone);
  const { first, setFirst, second, setSecond, third, setThird } = prices;
  return (
    <SaveDialog
      open={Boolean(beat)}
      title={all ? 'Prices of all your beats' : `Prices of ${beat?.beatName ?? ''}`}
      busy={busy}
      onSave={save}
      onClose={onClose}
    >
      <Form layout="vertical">
        {error ? (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        ) : null}
        <PriceField
          id="price-edit-first"
          label="First Date Package (MP3)"
          value={first}
          onChange={setFirst}
        />
        <PriceField
          id="price-edit-second"
          label="Relationship Package (MP3 + WAV)"
          value={second}
          onChange={setSecond}
        />
        {hasMarriage ? (
          <PriceField
            id="price-edit-third"
            label="Marriage Package (MP3 + WAV + stems)"
            value={third}
            onChange={setThird}
          />
        ) : null}
        {all ? (
          <PriceField
            id="price-all-third"
            label="Marriage Package (beats with stems; empty keeps each price)"
            value={third}
            onChange={setThird}
          />
        ) : null}
      </Form>
    </SaveDialog>
  );
}
