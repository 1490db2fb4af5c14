/**
 * A consumer service for the distributed e2e, as its own process: it projects identity's integration
 * events from Kafka into its own database through the idempotent consumer (dedupe by event id in the
 * same transaction as the effect) and prints every delivery as a JSON line.
 *
 * With HANG_FOR_USERNAME and HANG_ON_TYPE it stops inside the projection transaction of that user's
 * first event of that type (after writing the effect, before commit), so the test can kill -9 it
 * mid-handler: the effect and the dedupe mark roll back with the dropped connection, and the offset of the
 * batch it was in is not committed, so the event is delivered again to the next incarnation.
 */
import { idempotent, KafkaEventBus, openPostgres, processedEventsSchema } from '@beatmatch/platform';

const { DATABASE_URL, KAFKA_BROKERS, GROUP_ID, HANG_FOR_USERNAME, HANG_ON_TYPE } = process.env;
if (!DATABASE_URL || !KAFKA_BROKERS || !GROUP_ID)
  throw new Error('DATABASE_URL, KAFKA_BROKERS and GROUP_ID are required');

const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main() {
  const db = openPostgres(DATABASE_URL!);
  await db.exec(`${processedEventsSchema('probe')}
    CREATE TABLE IF NOT EXISTS probe.user_events (
      applied bigserial PRIMARY KEY, event_id text NOT NULL, user_id text NOT NULL, type text NOT NULL);`);
  let watchedUserId: string | undefined;
  const project = idempotent(db, 'probe', 'user-events', async (event, tx) => {
    const { userId, username } = event.payload as { userId: string; username?: string };
    await tx.query('INSERT INTO probe.user_events (event_id, user_id, type) VALUES ($1, $2, $3)', [
      event.id,
      userId,
      event.type,
    ]);
    if (HANG_FOR_USERNAME && event.type === 'identity.UserRegistered' && username === HANG_FOR_USERNAME)
      watchedUserId = userId;
    if (HANG_ON_TYPE && event.type === HANG_ON_TYPE && userId === watchedUserId) {
      print({ hanging: event.id, type: event.type });
      await new Promise(() => undefined);
    }
  });
  const bus = KafkaEventBus.fromBrokerList(KAFKA_BROKERS!, {
    clientId: 'projection-probe',
    consumer: {
      sessionTimeoutMs: 6_000,
      heartbeatIntervalMs: 500,
      rebalanceTimeoutMs: 10_000,
      maxWaitTimeMs: 100,
      autoCommitIntervalMs: 60_000,
    },
  });
  await bus.subscribe({
    groupId: GROUP_ID!,
    topics: ['identity'],
    handle: async (event, context) => {
      print({ delivered: event.id, type: event.type });
      await project(event, context);
    },
  });
  print({ joined: true });
}

main().catch((error) => {
  process.stderr.write(`projection probe failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
