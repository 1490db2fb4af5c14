import fc from 'fast-check';
import type { PayoutMethodDetails } from '@beatmatch/contracts';
import { serviceTestbed, type ServiceTestbed } from '@beatmatch/testing';
import { ledgerSchema, postTransfer } from './ledger';
import { refundTransfer, saleTransfer } from './postings';
import { balancesOf } from './balances';
import { runsSchema } from '../runs/schema';
import { closeMonth } from '../runs/closeMonth';
import { computedPayouts, sendPayouts, type PayoutPorts } from '../runs/pay';
import { settleSubmittedPayouts } from '../runs/settle';
import { payoutSettingsSchema } from '../settings/readModel';
import { LocalPayoutProvider } from '../fiat/localProvider';
import { MemoryTreasury } from '../testing/memoryTreasury';
import { refundOf, sale } from '../testing/harness';

/**
 * The ledger's property (issue 22): for any sequence of sales, refunds and monthly runs — runs
 * triggered twice, returned fiat payouts, a treasury that runs dry — every transfer balances, each
 * producer's paid + available + pending equals credited − refunded − fees to the cent, and no payout
 * is sent twice. On real PostgreSQL, a fresh schema per sequence.
 */
let bed: ServiceTestbed;
beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'payouts_property' });
});
afterAll(() => bed?.close());

const producers = ['p0', 'p1', 'p2'] as const;
const methods: (PayoutMethodDetails | null)[] = [
  null,
  { method: 'ach', accountHolder: 'A', routingNumber: '021000021', accountNumber: '12345678' },
  { method: 'ach', accountHolder: 'B', routingNumber: '021000021', accountNumber: '12340000' }, // returned
  { method: 'paypal', email: 'p@example.com' },
  { method: 'wire', accountHolder: 'C', bankName: 'Bank', swift: 'DEUTDEFF', iban: 'DE89370400440532013000' },
  { method: 'prepaidCard', email: 'card@example.com' },
];

const step = fc.oneof(
  fc.record({
    op: fc.constant('sale' as const),
    producer: fc.integer({ min: 0, max: 2 }),
    amount: fc.integer({ min: 0, max: 20_000 }),
    fee: fc.integer({ min: 0, max: 300 }),
  }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('run' as const), twice: fc.boolean() }),
);
const setup = fc.array(
  fc.record({
    method: fc.integer({ min: 0, max: methods.length - 1 }),
    split: fc.option(fc.integer({ min: 10, max: 100 })),
  }),
  { minLength: 3, maxLength: 3 },
);

let sequence = 0;
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function runSequence(settings: { method: number; split: number | null }[], steps: Step[]) {
  const s = `${bed.schema}_${++sequence}`;
  await bed.db.exec(
    ledgerSchema(s) + runsSchema(s) + payoutSettingsSchema(s) + LocalPayoutProvider.schemaSql(s),
  );
  let now = new Date('2030-01-05T12:00:00Z');
  const clock = () => now;
  const treasury = new MemoryTreasury(60_000n * 10n ** 16n); // $600 of $BEAT: later transfers fail
  const ports: PayoutPorts = {
    db: bed.db,
    schema: s,
    clock,
    treasury,
    fiat: new LocalPayoutProvider(bed.db, s, clock, 0),
  };
  for (const [index, choice] of settings.entries()) {
    const details = methods[choice.method];
    await bed.db.query(
      `INSERT INTO ${s}.payout_settings (producer_id, address, split, method, details) VALUES ($1, $2, $3, $4, $5)`,
      [
        producers[index],
        choice.split ? '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' : null,
        choice.split,
        details?.method ?? null,
        details ? JSON.stringify(details) : null,
      ],
    );
  }
  const sales: ReturnType<typeof sale>[] = [];
  const refunded = new Set<string>();
  for (const raw of steps) {
    if (raw.op === 'sale') {
      const sold = sale(producers[raw.producer]!, raw.amount, now.toISOString(), raw.fee);
      sales.push(sold);
      await bed.db.transaction((tx) => postTransfer(tx, saleTransfer(sold), s));
    } else if (raw.op === 'refund' && sales.length) {
      const target = sales[raw.pick % sales.length]!;
      await bed.db.transaction((tx) =>
        postTransfer(tx, refundTransfer(refundOf(target, now.toISOString())), s),
      );
      refunded.add(target.purchaseId);
    } else if (raw.op === 'run') {
      now = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
        .toISOString()
        .slice(0, 7);
      for (let trigger = 0; trigger < (raw.twice ? 2 : 1); trigger++) {
        await closeMonth(bed.db, s, month, now);
        await sendPayouts(ports, await computedPayouts(ports, month));
        await settleSubmittedPayouts(ports);
      }
    }
  }
  return { s, now, treasury, sales, refunded };
}

it('every transfer balances, balances add up to the cent, nothing is paid twice', async () => {
  await fc.assert(
    fc.asyncProperty(setup, fc.array(step, { maxLength: 25 }), async (settings, steps) => {
      const { s, now, treasury, sales, refunded } = await runSequence(settings, steps);
      const unbalanced = await bed.db.query(
        `SELECT transfer_id FROM ${s}.ledger_entries GROUP BY transfer_id HAVING SUM(amount_cents) <> 0`,
      );
      expect(unbalanced.rows).toEqual([]);
      for (const producer of producers) {
        const credited = sales
          .filter((x) => x.producerId === producer)
          .reduce((sum, x) => sum + x.amountCents, 0);
        const refundedCents = sales
          .filter((x) => x.producerId === producer && refunded.has(x.purchaseId))
          .reduce((sum, x) => sum + x.amountCents, 0);
        const fees = await bed.db.query<{ fees: string | null }>(
          `SELECT SUM(fee_cents) AS fees FROM ${s}.payouts WHERE producer_id = $1 AND status IN ('submitted', 'paid')`,
          [producer],
        );
        const balances = await balancesOf(bed.db, s, producer, now);
        expect(balances.paidCents + balances.availableCents + balances.pendingCents).toBe(
          credited - refundedCents - Number(fees.rows[0]!.fees ?? 0),
        );
      }
      expect([...treasury.sends.values()].every((sends) => sends === 1)).toBe(true);
      const sentTwice = await bed.db.query(
        `SELECT producer_id, month, kind FROM ${s}.payouts GROUP BY 1, 2, 3 HAVING COUNT(*) > 1`,
      );
      expect(sentTwice.rows).toEqual([]);
      await bed.db.exec(`DROP SCHEMA ${s} CASCADE`);
    }),
    { numRuns: 40 },
  );
}, 120_000);
