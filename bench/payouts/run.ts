/**
 * A monthly payout run at scale on PostgreSQL and Temporal (`eval "$(bash deploy/local/env)"` first):
 *   npx tsx bench/payouts/run.ts [--producers 10000] [--sales 200000] [--batch 1000]
 * 1. posts the sales into the ledger (postTransfers, `--batch` transfers a transaction, as a consumer
 *    catching up would) and, for the ratio, the same rows with plain batched INSERTs into twin tables;
 * 2. runs the prior month's $BEAT run then its fiat run as the Schedules would (the real workflow on
 *    a worker of this process; the memory treasury and the local fiat provider);
 * 3. records what the fiat provider reports.
 * Prints each step's wall time, ledger postings per second against plain INSERTs, and the peak RSS.
 */
import { randomUUID } from 'node:crypto';
import { createLogger, openPostgres, type SqlDatabase } from '@beatmatch/platform';
import { openTemporalClient } from '@beatmatch/platform/workflows';
import { numberArg } from '@beatmatch/testing';
import { ledgerSchema, postTransfers, type Transfer } from '../../services/payouts/src/ledger/ledger';
import { saleTransfer } from '../../services/payouts/src/ledger/postings';
import { runsSchema } from '../../services/payouts/src/runs/schema';
import { payoutSettingsSchema } from '../../services/payouts/src/settings/readModel';
import { LocalPayoutProvider } from '../../services/payouts/src/fiat/localProvider';
import { monthlyRunsWorker, runScheduleId } from '../../services/payouts/src/runs/temporal';
import { priorMonth } from '../../services/payouts/src/runs/activities';
import type { PayoutPorts } from '../../services/payouts/src/runs/pay';
import { settleSubmittedPayouts } from '../../services/payouts/src/runs/settle';
import { MemoryTreasury } from '../../services/payouts/src/testing/memoryTreasury';
import { sale } from '../../services/payouts/src/testing/harness';
import type { monthlyPayoutRun } from '../../services/payouts/src/runs/workflows';

const producers = numberArg('producers', 10_000);
const sales = numberArg('sales', 200_000);
const batch = numberArg('batch', 1_000);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
const seconds = (since: number) => (performance.now() - since) / 1000;

async function seedSettings(db: SqlDatabase, s: string) {
  const ids = Array.from({ length: producers }, (_, i) => `producer-${i}`);
  const wallet = (i: number) => (i % 3 === 0 ? '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' : null);
  const details = (i: number) =>
    [
      {
        method: 'ach',
        accountHolder: 'A',
        routingNumber: '021000021',
        accountNumber: `1${String(i).padStart(7, '1')}`,
      },
      { method: 'paypal', email: `p${i}@example.com` },
      { method: 'prepaidCard', email: `c${i}@example.com` },
    ][i % 3]!;
  await db.query(
    `INSERT INTO ${s}.payout_settings (producer_id, address, split, method, details)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::jsonb[])`,
    [
      ids,
      ids.map((_, i) => wallet(i)),
      ids.map((_, i) => (wallet(i) ? 25 : null)),
      ids.map((_, i) => details(i).method),
      ids.map((_, i) => JSON.stringify(details(i))),
    ],
  );
}

function saleTransfers(month: string): Transfer[] {
  return Array.from({ length: sales }, (_, i) =>
    saleTransfer(
      sale(
        `producer-${i % producers}`,
        500 + (i % 40) * 100,
        `${month}-${String(1 + (i % 27)).padStart(2, '0')}T12:00:00Z`,
      ),
    ),
  );
}

async function postLedger(db: SqlDatabase, s: string, transfers: Transfer[]) {
  const since = performance.now();
  for (let at = 0; at < transfers.length; at += batch)
    await db.transaction((tx) => postTransfers(tx, transfers.slice(at, at + batch), s));
  return seconds(since);
}

/** The same rows, plain: batched INSERTs into twin tables, no balance check, no dedupe. */
async function postPlain(db: SqlDatabase, s: string, transfers: Transfer[]) {
  await db.exec(`CREATE TABLE ${s}.plain_transfers (LIKE ${s}.ledger_transfers INCLUDING ALL);
    CREATE TABLE ${s}.plain_entries (LIKE ${s}.ledger_entries INCLUDING ALL);`);
  const since = performance.now();
  for (let at = 0; at < transfers.length; at += batch) {
    const chunk = transfers.slice(at, at + batch);
    const entries = chunk.flatMap((t) => t.entries.map((e) => ({ t, e })));
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ${s}.plain_transfers SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])`,
        [
          chunk.map((t) => t.transferId),
          chunk.map((t) => t.kind),
          chunk.map((t) => t.month),
          chunk.map((t) => t.occurredAt),
        ],
      );
      await tx.query(
        `INSERT INTO ${s}.plain_entries SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])`,
        [
          entries.map(({ t }) => t.transferId),
          entries.map(({ e }) => e.account),
          entries.map(({ t }) => t.month),
          entries.map(({ e }) => e.amountCents),
        ],
      );
    });
  }
  return seconds(since);
}

async function runMonth(ports: PayoutPorts, taskQueue: string) {
  const address = process.env.TEMPORAL_ADDRESS;
  if (!address) throw new Error('TEMPORAL_ADDRESS is not set: eval "$(bash deploy/local/env)"');
  const logger = createLogger('payouts-bench', 'warn');
  const worker = monthlyRunsWorker({ temporal: { address }, taskQueue, ports, logger });
  worker.start();
  await worker.ready();
  const temporal = await openTemporalClient({ address });
  try {
    const times: Record<string, number> = {};
    for (const kind of ['token', 'fiat'] as const) {
      const since = performance.now();
      const outcome = await temporal.client.workflow.execute<typeof monthlyPayoutRun>('monthlyPayoutRun', {
        taskQueue,
        workflowId: `${taskQueue}-${kind}-${randomUUID()}`,
        args: [kind],
      });
      times[kind] = seconds(since);
      console.log(`${kind} run`.padEnd(24), `${times[kind]!.toFixed(1)} s`, `sent=${outcome.sent}`);
    }
    return times;
  } finally {
    for (const kind of ['token', 'fiat'] as const)
      await temporal.client.schedule.getHandle(runScheduleId(kind, taskQueue)).delete();
    await temporal.close();
    await worker.stop();
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: eval "$(bash deploy/local/env)"');
  const db = openPostgres(url);
  const s = `payouts_bench_${process.pid}`;
  try {
    await db.exec(
      ledgerSchema(s) + runsSchema(s) + payoutSettingsSchema(s) + LocalPayoutProvider.schemaSql(s),
    );
    await seedSettings(db, s);
    const month = priorMonth(new Date());
    const transfers = saleTransfers(month);
    const ledger = await postLedger(db, s, transfers);
    const plain = await postPlain(db, s, transfers);
    console.log(
      'ledger postings'.padEnd(24),
      `${ledger.toFixed(1)} s`,
      `${Math.round(sales / ledger)} transfers/s`,
    );
    console.log(
      'plain batched INSERTs'.padEnd(24),
      `${plain.toFixed(1)} s`,
      `${Math.round(sales / plain)} transfers/s`,
    );
    const clock = () => new Date();
    const ports: PayoutPorts = {
      db,
      schema: s,
      clock,
      treasury: new MemoryTreasury(),
      fiat: new LocalPayoutProvider(db, s, clock, 0),
    };
    const runs = await runMonth(ports, `payouts-bench-${process.pid}`);
    const since = performance.now();
    while ((await settleSubmittedPayouts(ports)) > 0);
    const settled = seconds(since);
    console.log('fiat statuses recorded'.padEnd(24), `${settled.toFixed(1)} s`);
    const whole = runs.token! + runs.fiat! + settled;
    console.log(
      `producers=${producers} sales=${sales} batch=${batch} posting_s=${ledger.toFixed(2)} plain_s=${plain.toFixed(2)}`,
      `posting_ratio=${(plain / ledger).toFixed(2)} run_s=${whole.toFixed(1)} peak_rss_mb=${Math.round(peakRss / 2 ** 20)}`,
    );
  } finally {
    clearInterval(sampler);
    await db.exec(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
