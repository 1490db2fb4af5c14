import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { MatchListEntry } from '@beatmatch/contracts';
import { addToCart, cartButtonLabel, useCart } from '@beatmatch/frontend-common/sdk';
import { CoverImage } from './CoverImage';

export const PACKAGES = [
  { name: 'First Date Package', files: 'MP3', price: (entry: MatchListEntry) => entry.firstDatePackage },
  {
    name: 'Relationship Package',
    files: 'MP3 and WAV',
    price: (entry: MatchListEntry) => entry.relationshipPackage,
  },
  {
    name: 'Marriage Package',
    files: 'MP3, WAV and stems',
    price: (entry: MatchListEntry) => entry.marriagePackage,
  },
] as const;

/** Whether the beat offers a package: the spec's price set says '-' for one it does not. */
const isOffered = (price: string) => price !== '-' && price !== '';

/**
 * The commitment (price) dialog of a matched beat (artist-side spec §3 Beat price set, §4 Cart): the
 * packages the beat offers with their prices (a beat without stems has no Marriage row); each button
 * reads 'add to cart', 'change' (another package of the beat is in the cart) or 'in cart', and adds
 * through the commerce SDK.
 */
export function CommitDialog({
  entry,
  onClose,
  onError,
  onAdded,
}: {
  entry: MatchListEntry | null;
  onClose(): void;
  onError(error: unknown): void;
  onAdded(text: string): void;
}) {
  const { items } = useCart();
  const [busy, setBusy] = useState<string | null>(null);

  const add = async (beat: MatchListEntry, beatPackage: string) => {
    setBusy(beatPackage);
    try {
      const result = await addToCart(beat.beatId, beatPackage);
      onAdded(
        result === 'changed'
          ? `${beatPackage} is now in your cart.`
          : `${beat.beatName} was added to your cart.`,
      );
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal open={entry !== null} title="Commit" onCancel={onClose} footer={null} destroyOnHidden>
      {entry ? (
        <div data-testid="commit-dialog" className="mm-dialog">
          <CommitBeatHeading entry={entry} />
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {PACKAGES.filter((pack) => isOffered(pack.price(entry))).map((pack) => {
              const label = cartButtonLabel(items, entry.beatId, pack.name);
              return (
                <li
                  key={pack.name}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 12,
                    flexWrap: 'wrap',
                    justifyContent: 'space-between',
                  }}
                >
                  <span>
                    <strong>{pack.name}</strong>
                    <br />
                    <Typography.Text type="secondary">{pack.files}</Typography.Text>
                  </span>
                  <span style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                    <strong>${pack.price(entry)}</strong>
                    <Button
                      type={label === 'in cart' ? 'default' : 'primary'}
                      disabled={label === 'in cart' || (busy !== null && busy !== pack.name)}
                      loading={busy === pack.name}
                      aria-label={`${label} — ${pack.name}`}
                      onClick={() => void add(entry, pack.name)}
                    >
                      {label}
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}

/** The matched beat: its cover, name and producer. */
function CommitBeatHeading({ entry }: { entry: MatchListEntry }) {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16 }}>
      <span className="mm-cover" style={{ width: 64, borderRadius: 8, boxShadow: 'none', flex: 'none' }}>
        <CoverImage url={entry.coverArtUrl} />
      </span>
      <div>
        <Typography.Text strong style={{ display: 'block', fontSize: 16 }}>
          {entry.beatName}
        </Typography.Text>
        <Typography.Text type="secondary">{entry.producerName || entry.producer}</Typography.Text>
      </div>
    </div>
  );
}
