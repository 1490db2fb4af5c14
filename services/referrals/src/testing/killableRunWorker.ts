/**
 * A referrals process for the kill -9 test (rewards/kill.int.spec.ts): the composition root on the
 * test's PostgreSQL schema, its referral-run worker polling the test's task queue on the real Temporal
 * server, and every append of rewards made slow: once committed, it prints
 * `{"fixture":"appended"}` and waits a second, so the test can SIGKILL it mid-run.
 *
 * Prints `{"fixture":"ready","pid":...}` once the worker polls; logs go to stderr.
 */
import {
  createLogger,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenVerifier,
  openPostgres,
  type SqlDatabase,
} from '@beatmatch/platform';
import { createReferralsService } from '../index';

const { DATABASE_URL, TEMPORAL_ADDRESS, REFERRALS_SCHEMA, TASK_QUEUE } = process.env;
if (!DATABASE_URL || !TEMPORAL_ADDRESS || !REFERRALS_SCHEMA || !TASK_QUEUE)
  throw new Error('DATABASE_URL, TEMPORAL_ADDRESS, REFERRALS_SCHEMA and TASK_QUEUE are required');

const print = (line: object) => process.stdout.write(`${JSON.stringify({ ...line, pid: process.pid })}\n`);
const postsRewards = /INSERT INTO \S+\.rewards_posted/;

/** The database, with a pause after each committed transaction that posted rewards. */
function slowRewards(db: SqlDatabase): SqlDatabase {
  return {
    query: (text, params) => db.query(text, params),
    exec: (script) => db.exec(script),
    close: () => db.close(),
    async transaction(fn) {
      let posted = false;
      const result = await db.transaction((tx) =>
        fn({
          query: (text, params) => {
            if (postsRewards.test(text)) posted = true;
            return tx.query(text, params);
          },
        }),
      );
      if (posted) {
        print({ fixture: 'appended' });
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return result;
    },
  };
}

async function main() {
  const logger = createLogger('referrals-kill-fixture', process.env.LOG_LEVEL ?? 'warn', process.stderr);
  const keys = await generateInternalKeyPair();
  const service = await createReferralsService({
    db: slowRewards(openPostgres(DATABASE_URL!)),
    bus: new InProcessEventBus(),
    logger,
    verifier: new InternalTokenVerifier(keys.publicKey),
    workflows: { address: TEMPORAL_ADDRESS! },
    taskQueue: TASK_QUEUE!,
    schema: REFERRALS_SCHEMA!,
  });
  await service.start();
  await service.run!.ready();
  print({ fixture: 'ready' });
}

void main();
