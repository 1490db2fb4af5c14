import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { requireEnv } from '@beatmatch/testing';
import { openTemporalClient, type TemporalClientHandle } from '@beatmatch/platform/workflows';
import { payoutsTestbed, sale, type PayoutsTestbed } from '../testing/harness';
import { priorMonth } from './activities';
import { runScheduleId } from './temporal';
import type { monthlyPayoutRun } from './workflows';

/**
 * Issue 22 item 3, "a worker killed mid-run pays nobody twice": the monthly fiat run's worker, in its
 * own process, is SIGKILLed while it submits payouts; a worker of this process takes the run over
 * (the lost attempt is retried after its timeout) and every producer is paid exactly once — one
 * provider payout, one ledger transfer. Real Temporal (TEMPORAL_ADDRESS) and PostgreSQL.
 */
const fixture = path.join(__dirname, '../testing/killableRunWorker.ts');
const producers = ['k1', 'k2', 'k3', 'k4', 'k5'];
let bed: PayoutsTestbed;
let temporal: TemporalClientHandle;
const children: ChildProcess[] = [];
const address = requireEnv('TEMPORAL_ADDRESS');

beforeAll(async () => {
  bed = await payoutsTestbed('kill', new Date().toISOString());
  temporal = await openTemporalClient({ address });
  bed.onClose(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await temporal.close();
  });
}, 60_000);
afterAll(() => bed?.close());

function startWorkerProcess(taskQueue: string) {
  const lines: Array<Record<string, unknown>> = [];
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      DATABASE_URL: requireEnv('DATABASE_URL'),
      TEMPORAL_ADDRESS: address,
      PAYOUTS_SCHEMA: bed.schema,
      TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const count = (kind: string) => lines.filter((line) => line.fixture === kind).length;
  const until = async (kind: string, times: number) => {
    for (const deadline = Date.now() + 90_000; count(kind) < times;) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`no ${kind} x${times} from the fixture`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, until };
}

it('a run whose worker is killed mid-run pays every producer exactly once', async () => {
  const taskQueue = `payouts-kill-${bed.schema}`;
  const seeding = await bed.payouts({ taskQueue });
  await seeding.start();
  const month = priorMonth(new Date());
  for (const producer of producers) {
    await bed.post(
      seeding,
      '/method/save',
      { method: 'prepaidCard', email: `${producer}@example.com` },
      { userId: producer },
    );
    await bed.sold(sale(producer, 1000, `${month}-10T12:00:00Z`));
  }

  const worker = startWorkerProcess(taskQueue);
  await worker.until('ready', 1);
  const handle = await temporal.client.workflow.start<typeof monthlyPayoutRun>('monthlyPayoutRun', {
    taskQueue,
    workflowId: `${bed.schema}-fiat`,
    args: ['fiat'],
  });
  await worker.until('submitting', 3); // two payouts recorded, the third in flight
  worker.child.kill('SIGKILL');

  await seeding.stop();
  const takeover = await bed.payouts({ taskQueue }, { address });
  await takeover.start();
  bed.onClose(async () => {
    for (const kind of ['token', 'fiat'] as const)
      await temporal.client.schedule.getHandle(runScheduleId(kind, taskQueue)).delete();
  });
  const outcome = await handle.result();
  expect(outcome.month).toBe(month);

  const count = async (sql: string) => Number((await bed.db.query<{ n: string }>(sql)).rows[0]!.n);
  expect(
    await count(
      `SELECT COUNT(*) AS n FROM ${bed.schema}.payouts WHERE kind = 'fiat' AND status <> 'computed'`,
    ),
  ).toBe(5);
  expect(await count(`SELECT COUNT(*) AS n FROM ${bed.schema}.local_provider_payouts`)).toBe(5);
  expect(await count(`SELECT COUNT(*) AS n FROM ${bed.schema}.ledger_transfers WHERE kind = 'payout'`)).toBe(
    5,
  );
  for (const producer of producers) {
    const wallet = (await bed.post(takeover, '/wallet', {}, { userId: producer })).body;
    expect(wallet).toMatchObject({ available: '0.00', paid: '10.00' });
  }
}, 180_000);
