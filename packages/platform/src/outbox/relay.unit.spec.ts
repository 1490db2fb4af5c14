import { testEvent } from '@beatmatch/testing';
import type { IntegrationEvent } from '@beatmatch/contracts';
import { InProcessEventBus } from '../bus/inprocess';
import { PostgresEventStore } from '../eventstore/postgres';
import { createLogger } from '../logging/logger';
import { openPglite } from '../sql/pglite';
import type { SqlDatabase } from '../sql/port';
import { OutboxRelay } from './relay';

/**
 * A relay once stopped stays stopped: a commit that lands while its service shuts down (its kick comes
 * after stop) leaves the row in the outbox for the next start, and queries nothing — the service's
 * database is being closed then, or (a bench, a test) its schema dropped.
 */
let db: SqlDatabase;
let store: PostgresEventStore;
let bus: InProcessEventBus;
let delivered: IntegrationEvent[];
const logger = createLogger('relay-test', 'silent');

beforeEach(async () => {
  db = await openPglite();
  store = new PostgresEventStore(db, 'relayed');
  await store.migrate();
  bus = new InProcessEventBus();
  delivered = [];
  await bus.subscribe({
    groupId: 'listener',
    topics: ['things'],
    handle: async (event) => void delivered.push(event),
  });
});
afterEach(() => db.close());

const append = (n: number) =>
  store.appendToStream(`thing:${n}`, [{ type: 'Happened', data: { n } }], {
    expectedVersion: 0,
    outbox: { topic: 'things', messages: [{ key: `thing:${n}`, event: testEvent('test.Happened', { n }) }] },
  });
const unsent = async () =>
  Number(
    (await db.query<{ n: string }>(`SELECT count(*) AS n FROM relayed.outbox WHERE sent_at IS NULL`)).rows[0]!
      .n,
  );

it('relays on a kick while started, and leaves rows committed after stop for the next start', async () => {
  const relay = new OutboxRelay(db, 'relayed', bus, logger, { pollMs: 60_000 });
  relay.start();
  await append(1);
  await relay.kick();
  expect(delivered.map((event) => event.payload)).toEqual([{ n: 1 }]);

  await relay.stop();
  await append(2);
  await relay.kick();
  expect(delivered).toHaveLength(1);
  expect(await unsent()).toBe(1);

  relay.start();
  await relay.kick();
  await relay.stop();
  expect(delivered.map((event) => event.payload)).toEqual([{ n: 1 }, { n: 2 }]);
  expect(await unsent()).toBe(0);
});

it('relays on a kick by hand without ever being started', async () => {
  await append(1);
  await new OutboxRelay(db, 'relayed', bus, logger).kick();
  expect(delivered).toHaveLength(1);
});
