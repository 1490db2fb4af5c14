import type { PayoutMethod, PayoutMethodDetails } from '@beatmatch/contracts';
import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { PayoutSettingsEvent } from './payoutSettings';

/** Every producer's payout settings in one table (the monthly run reads them all at once). */
export const payoutSettingsSchema = (s: string) => `
  CREATE SCHEMA IF NOT EXISTS ${s};
  CREATE TABLE IF NOT EXISTS ${s}.payout_settings (
    producer_id text PRIMARY KEY,
    address text,
    split integer,
    method text,
    details jsonb
  );`;

const producerOf = (streamName: string) => streamName.slice(streamName.indexOf(':') + 1);

async function applyOne(tx: SqlExecutor, s: string, producerId: string, event: PayoutSettingsEvent) {
  const upsertWallet = (address: string | null, split: number | null) =>
    tx.query(
      `INSERT INTO ${s}.payout_settings (producer_id, address, split) VALUES ($1, $2, $3)
       ON CONFLICT (producer_id) DO UPDATE SET address = EXCLUDED.address, split = EXCLUDED.split`,
      [producerId, address, split],
    );
  switch (event.type) {
    case 'WalletAddressSaved':
      return upsertWallet(event.data.address, event.data.split);
    case 'WalletAddressRemoved':
      return upsertWallet(null, null);
    case 'PayoutMethodChosen':
      return tx.query(
        `INSERT INTO ${s}.payout_settings (producer_id, method, details) VALUES ($1, $2, $3)
         ON CONFLICT (producer_id) DO UPDATE SET method = EXCLUDED.method, details = EXCLUDED.details`,
        [producerId, event.data.details.method, JSON.stringify(event.data.details)],
      );
  }
}

export const payoutSettingsProjection = (s: string): InlineProjection => ({
  name: 'payouts.settings',
  handles: ['WalletAddressSaved', 'WalletAddressRemoved', 'PayoutMethodChosen'],
  async apply(tx, events: RecordedEvent[]) {
    for (const event of events)
      await applyOne(tx, s, producerOf(event.streamName), event as unknown as PayoutSettingsEvent);
  },
});

export interface ProducerPayoutSettings {
  address: string | null;
  split: number | null;
  method: PayoutMethod | null;
  details: PayoutMethodDetails | null;
}

export async function payoutSettingsOf(
  db: SqlExecutor,
  s: string,
  producerId: string,
): Promise<ProducerPayoutSettings> {
  const { rows } = await db.query<ProducerPayoutSettings>(
    `SELECT address, split, method, details FROM ${s}.payout_settings WHERE producer_id = $1`,
    [producerId],
  );
  return rows[0] ?? { address: null, split: null, method: null, details: null };
}
