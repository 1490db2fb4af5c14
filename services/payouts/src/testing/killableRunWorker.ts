/**
 * A payouts process for the kill -9 test (runs/kill.int.spec.ts): the composition root on the test's
 * PostgreSQL schema, its monthly-run worker polling the test's task queue on the real Temporal server,
 * and the local fiat provider made slow (each payout, once sent, waits a second before the run may
 * record it, after printing `{"fixture":"submitting","payoutId":...}`), so the test can SIGKILL it
 * between sending and recording.
 *
 * Prints `{"fixture":"ready","pid":...}` once the worker polls; logs go to stderr.
 */
import {
  createLogger,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenVerifier,
  openPostgres,
} from '@beatmatch/platform';
import { createPayoutsService } from '../index';
import { LocalPayoutProvider } from '../fiat/localProvider';

const { DATABASE_URL, TEMPORAL_ADDRESS, PAYOUTS_SCHEMA, TASK_QUEUE } = process.env;
if (!DATABASE_URL || !TEMPORAL_ADDRESS || !PAYOUTS_SCHEMA || !TASK_QUEUE)
  throw new Error('DATABASE_URL, TEMPORAL_ADDRESS, PAYOUTS_SCHEMA and TASK_QUEUE are required');

const print = (line: object) => process.stdout.write(`${JSON.stringify({ ...line, pid: process.pid })}\n`);

async function main() {
  const logger = createLogger('payouts-kill-fixture', process.env.LOG_LEVEL ?? 'warn', process.stderr);
  const db = openPostgres(DATABASE_URL!);
  const keys = await generateInternalKeyPair();
  const clock = () => new Date();
  const service = await createPayoutsService(
    {
      db,
      bus: new InProcessEventBus(),
      logger,
      verifier: new InternalTokenVerifier(keys.publicKey),
      clock,
      workflows: { address: TEMPORAL_ADDRESS! },
      publicUrl: () => 'http://127.0.0.1:8080',
    },
    {
      taskQueue: TASK_QUEUE!,
      schema: PAYOUTS_SCHEMA!,
      fiat: (database, schema) => {
        const local = new LocalPayoutProvider(database, schema, clock, 0);
        return {
          async submit(request) {
            // Sent, then a second before the run records it: the window a crash must not double-pay in.
            const sent = await local.submit(request);
            print({ fixture: 'submitting', payoutId: request.payoutId });
            await new Promise((resolve) => setTimeout(resolve, 1000));
            return sent;
          },
          statusesOf: (ids) => local.statusesOf(ids),
          onboardingUrl: () => local.onboardingUrl(),
        };
      },
    },
  );
  await service.start();
  await service.runs!.ready();
  print({ fixture: 'ready' });
}

main().catch((error: unknown) => {
  process.stderr.write(`killable run worker failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
