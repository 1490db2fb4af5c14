import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { InProcessEventBus } from '@beatmatch/platform';
import { openTemporalClient, type TemporalClientHandle } from '@beatmatch/platform/workflows';
import { requireEnv, serviceTestbed, type ServiceTestbed } from '@beatmatch/testing';
import { createReferralsService } from '../index';
import { lastEndedMonth } from './run';
import { referralScheduleId } from './temporal';
import type { monthlyReferralRun } from './workflows';

/**
 * Issue 23 item 3, "a killed worker pays nothing twice": the monthly referral run's worker, in its own
 * process, is SIGKILLed after it posted the first referrer's reward; a worker of this process takes
 * the run over (the activity is retried once its heartbeat times out) and every referrer gets exactly
 * one $0.50 reward — one RewardPosted, one referrals.RewardEarned. Real Temporal and PostgreSQL.
 */
const fixture = path.join(__dirname, '../testing/killableRunWorker.ts');
const referrers = ['k1', 'k2', 'k3', 'k4', 'k5'];
const address = requireEnv('TEMPORAL_ADDRESS');
let bed: ServiceTestbed;
let temporal: TemporalClientHandle;
const children: ChildProcess[] = [];

beforeAll(async () => {
  bed = await serviceTestbed({ schema: 'referrals_kill' });
  temporal = await openTemporalClient({ address });
  bed.onClose(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await temporal.close();
  });
}, 60_000);
afterAll(() => bed?.close());

function startWorkerProcess(taskQueue: string) {
  const lines: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      DATABASE_URL: requireEnv('DATABASE_URL'),
      TEMPORAL_ADDRESS: address,
      REFERRALS_SCHEMA: bed.schema,
      TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) lines.push((JSON.parse(line) as { fixture: string }).fixture);
  });
  const until = async (kind: string) => {
    for (const deadline = Date.now() + 90_000; !lines.includes(kind);) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${kind} from the fixture`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, until };
}

/** One sub-affiliate per referrer, paying in the month the run computes. */
async function seed(month: string) {
  const s = bed.schema;
  for (const referrer of referrers) {
    const sub = `${referrer}-sub`;
    await bed.db.query(
      `INSERT INTO ${s}.attributions (user_id, referrer_id, referral_code, confirmed_at) VALUES ($1, $2, 'CODE', $3)`,
      [sub, referrer, `${month}-01T00:00:00Z`],
    );
    await bed.db.query(
      `INSERT INTO ${s}.subscription_payments (payment_id, user_id, amount_cents, paid_at, period_ends_at)
       VALUES ($1, $2, 400, $3, $4)`,
      [`pay-${sub}`, sub, `${month}-10T12:00:00Z`, `${month}-20T12:00:00Z`],
    );
    await bed.db.query(
      `INSERT INTO ${s}.reward_months_due (user_id, month, marked_at) VALUES ($1, $2, now())`,
      [referrer, month],
    );
  }
}

it('a run whose worker is killed mid-run posts every reward exactly once', async () => {
  const taskQueue = `referrals-kill-${bed.schema}-${Date.now()}`;
  const month = lastEndedMonth(new Date());
  const options = { db: bed.db, bus: new InProcessEventBus(), logger: bed.logger, verifier: bed.verifier };
  await createReferralsService({ ...options, schema: bed.schema }); // its tables
  await seed(month);

  const worker = startWorkerProcess(taskQueue);
  await worker.until('ready');
  const handle = await temporal.client.workflow.start<typeof monthlyReferralRun>('monthlyReferralRun', {
    taskQueue,
    workflowId: `${taskQueue}-run`,
  });
  await worker.until('appended');
  worker.child.kill('SIGKILL');

  const takeover = await createReferralsService({
    ...options,
    schema: bed.schema,
    workflows: { address },
    taskQueue,
  });
  await takeover.start();
  bed.onClose(() => takeover.stop());
  await takeover.run!.ready();
  await handle.result();
  await temporal.client.schedule.getHandle(referralScheduleId(taskQueue)).delete();

  const { rows } = await bed.db.query<{ user_id: string; n: string; cents: string }>(
    `SELECT user_id, count(*)::text AS n, sum(amount_cents)::text AS cents FROM ${bed.schema}.rewards_posted
     GROUP BY user_id ORDER BY user_id`,
  );
  expect(rows).toEqual(referrers.map((user_id) => ({ user_id, n: '1', cents: '50' })));
  const outbox = await bed.db.query<{ id: string }>(
    `SELECT DISTINCT event->'payload'->>'rewardId' AS id FROM ${bed.schema}.outbox
     WHERE event->>'type' = 'referrals.RewardEarned'`,
  );
  const published = await bed.db.query(
    `SELECT 1 FROM ${bed.schema}.outbox WHERE event->>'type' = 'referrals.RewardEarned'`,
  );
  expect(outbox.rows).toHaveLength(referrers.length);
  expect(published.rows).toHaveLength(referrers.length);
}, 180_000);
