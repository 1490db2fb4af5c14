import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { IDENTITY_TOPIC, integrationEvent, type UserReferredV1 } from '@beatmatch/contracts';
import {
  createLogger,
  KafkaEventBus,
  openPostgres,
  type SqlDatabase,
  type Subscription,
} from '@beatmatch/platform';
import { requireEnv } from '@beatmatch/testing';
import { referredUsers, subscribe } from './subscriptions';

/**
 * The worked example of contracts end to end, on the real bus (Kafka) and real PostgreSQL: identity's
 * `identity.UserReferred` v1 as identity publishes it becomes referrals' own projection, once per
 * event id; a payload that breaks the contract and an event of an unknown version change nothing.
 */
describe('referrals subscriptions (Kafka, PostgreSQL)', () => {
  const database = `referrals_int_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const baseUrl = requireEnv('DATABASE_URL');
  /** A fresh topic standing for identity's (which holds every earlier test run's events). */
  const topic = `${IDENTITY_TOPIC}-referrals-test-${randomUUID()}`;
  const logger = createLogger('referrals-test', (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent');
  let db: SqlDatabase;
  let consumerBus: KafkaEventBus;
  let publisher: KafkaEventBus;
  let subscription: Subscription;

  beforeAll(async () => {
    const admin = new Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${database}`;
    db = await openPostgres(url.toString());
    const brokers = requireEnv('KAFKA_BROKERS');
    publisher = KafkaEventBus.fromBrokerList(brokers, { clientId: 'identity-test', logger });
    consumerBus = KafkaEventBus.fromBrokerList(brokers, { clientId: 'referrals-test', logger });
    subscription = await subscribe({
      bus: consumerBus,
      db,
      logger,
      consumer: `referrals-test-${randomUUID()}`,
      topic,
    });
  });
  afterAll(async () => {
    await subscription?.stop();
    await consumerBus?.close();
    await publisher?.close();
    await db?.close();
    const admin = new Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('projects a referral once, and refuses payloads that break the contract', async () => {
    const code = `code-${randomUUID()}`;
    const at = new Date('2026-11-01T10:00:00Z');
    const referred = (userId: string) =>
      integrationEvent<UserReferredV1>(
        'identity.UserReferred',
        1,
        { userId, referralCode: code, registeredAt: at.toISOString() },
        at,
      );
    const first = referred('user-1');
    const broken = { ...referred('user-broken'), payload: { userId: 'user-broken', referralCode: code } };
    const future = { ...referred('user-v9'), version: 9 };
    const second = referred('user-2');
    // One key = one partition: when user-2 is projected, everything before it has been handled.
    const key = code;
    await publisher.publish(topic, [
      { key, event: first },
      { key, event: first }, // redelivered: the same event id
      { key, event: broken },
      { key, event: future },
      { key, event: second },
    ]);

    const deadline = Date.now() + 60_000;
    let users: string[] = [];
    while (Date.now() < deadline) {
      users = await referredUsers(db, code);
      if (users.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(users).toEqual(['user-1', 'user-2']);
    const processed = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM referrals.processed_events WHERE event_id = ANY($1)',
      [[first.id, second.id, broken.id, future.id]],
    );
    expect(Number(processed.rows[0]!.n)).toBe(2);
  });
});
