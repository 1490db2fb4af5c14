import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from '../sql/port';
import { sqlTargets } from './sqlTargets.fixture';
import { PostgresEventStore, type InlineProjection } from './postgres';
import { ConcurrencyError } from './port';
import { OutboxRelay } from '../outbox/relay';
import { InProcessEventBus } from '../bus/inprocess';
import { createLogger } from '../logging/logger';
import { handleCommand } from '../decider/decider';

/** The event-store contract, run on both adapters (sqlTargets). */
const targets = sqlTargets;

type CounterEvent =
  { type: 'Incremented'; data: { by: number } } | { type: 'Failed'; data: { reason: string } };
const counter = {
  initialState: () => ({ total: 0 }),
  evolve: (state: { total: number }, event: CounterEvent) =>
    event.type === 'Incremented' ? { total: state.total + event.data.by } : state,
  decide: (command: { by: number }, state: { total: number }): CounterEvent[] => {
    if (state.total + command.by > 10) throw new Error('too much');
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
};

describe.each(targets)('PostgresEventStore on %s', (_name, open) => {
  let db: SqlDatabase;
  const schema = `es_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const logger = createLogger('test', 'silent');

  const totals: InlineProjection = {
    name: 'totals',
    handles: ['Incremented', 'Failed'],
    async apply(tx, events) {
      for (const event of events) {
        if (event.type === 'Failed') throw new Error('projection refused');
        await tx.query(
          `INSERT INTO ${schema}.totals (stream, total) VALUES ($1, $2)
           ON CONFLICT (stream) DO UPDATE SET total = ${schema}.totals.total + EXCLUDED.total`,
          [event.streamName, (event.data as { by: number }).by],
        );
      }
    },
  };

  beforeAll(async () => {
    db = await open();
    const store = new PostgresEventStore(db, schema);
    await store.migrate();
    await db.exec(`CREATE TABLE ${schema}.totals (stream text PRIMARY KEY, total int NOT NULL)`);
  });
  afterAll(async () => {
    if (!db) return;
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  const envelope = (n: number) => ({
    id: randomUUID(),
    type: 'test.Incremented',
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: { n },
  });

  it('appends with optimistic concurrency and reads a stream back in order', async () => {
    const store = new PostgresEventStore(db, schema);
    const stream = `counter:${randomUUID()}`;
    expect(await store.readStream(stream)).toEqual({ events: [], currentVersion: 0 });
    await store.appendToStream(
      stream,
      [
        { type: 'Incremented', data: { by: 1 } },
        { type: 'Incremented', data: { by: 2 } },
      ],
      { expectedVersion: 0 },
    );
    await expect(
      store.appendToStream(stream, [{ type: 'Incremented', data: { by: 9 } }], { expectedVersion: 0 }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(
      store.appendToStream(stream, [{ type: 'Incremented', data: { by: 9 } }], { expectedVersion: 1 }),
    ).rejects.toMatchObject({ actualVersion: 2 });
    const { events, currentVersion } = await store.readStream(stream);
    expect(currentVersion).toBe(2);
    expect(events.map((e) => [e.streamPosition, e.data])).toEqual([
      [1, { by: 1 }],
      [2, { by: 2 }],
    ]);
    expect(BigInt(events[1]!.globalPosition)).toBeGreaterThan(BigInt(events[0]!.globalPosition));
  });

  it('lets exactly one of two concurrent writers win', async () => {
    const store = new PostgresEventStore(db, schema);
    const stream = `counter:${randomUUID()}`;
    const results = await Promise.allSettled([
      store.appendToStream(stream, [{ type: 'Incremented', data: { by: 1 } }], { expectedVersion: 0 }),
      store.appendToStream(stream, [{ type: 'Incremented', data: { by: 1 } }], { expectedVersion: 0 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await store.readStream(stream)).currentVersion).toBe(1);
  });

  it('command handling re-decides on conflict, so concurrent commands all apply', async () => {
    const store = new PostgresEventStore(db, schema);
    const stream = `counter:${randomUUID()}`;
    await Promise.all([1, 2, 3].map((by) => handleCommand(store, stream, counter, { by }, { retries: 5 })));
    const { events } = await store.readStream(stream);
    expect(events.reduce((sum, e) => sum + (e.data as { by: number }).by, 0)).toBe(6);
  });

  it('writes events, inline projection and outbox in one transaction: all or nothing', async () => {
    const store = new PostgresEventStore(db, schema, [totals]);
    const stream = `counter:${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Incremented', data: { by: 4 } }], {
      expectedVersion: 0,
      outbox: { topic: 'test', messages: [{ key: stream, event: envelope(1) }] },
    });
    await expect(
      store.appendToStream(
        stream,
        [
          { type: 'Incremented', data: { by: 1 } },
          { type: 'Failed', data: { reason: 'x' } },
        ],
        {
          expectedVersion: 1,
          outbox: { topic: 'test', messages: [{ key: stream, event: envelope(2) }] },
        },
      ),
    ).rejects.toThrow('projection refused');
    expect((await store.readStream(stream)).currentVersion).toBe(1);
    const { rows: totalsRows } = await db.query(`SELECT total FROM ${schema}.totals WHERE stream = $1`, [
      stream,
    ]);
    expect(totalsRows).toEqual([{ total: 4 }]);
    const { rows: outbox } = await db.query<{ message_key: string }>(
      `SELECT message_key FROM ${schema}.outbox WHERE message_key = $1`,
      [stream],
    );
    expect(outbox).toHaveLength(1);
  });

  /** `totals` again, written as statements that join the append's own statement (one round trip). */
  const totalsInOneStatement: InlineProjection = {
    ...totals,
    statements: (events, param) =>
      // One statement may not change a row twice: more than one event per append goes through `apply`.
      events.length > 1 || events.some((event) => event.type === 'Failed')
        ? undefined
        : events.map(
            (event) =>
              `INSERT INTO ${schema}.totals (stream, total) SELECT ${param(event.streamName)}, ${param((event.data as { by: number }).by)}::int FROM appended
               ON CONFLICT (stream) DO UPDATE SET total = ${schema}.totals.total + EXCLUDED.total`,
          ),
  };
  const totalOf = async (stream: string) =>
    (await db.query<{ total: number }>(`SELECT total FROM ${schema}.totals WHERE stream = $1`, [stream]))
      .rows;
  const outboxOf = async (stream: string) =>
    (
      await db.query<{ id: string }>(
        `SELECT event->>'id' AS id FROM ${schema}.outbox WHERE message_key = $1 ORDER BY outbox.id`,
        [stream],
      )
    ).rows.map((row) => row.id);

  it("appends events, outbox and a projection's statements in one statement, in order", async () => {
    const store = new PostgresEventStore(db, schema, [totalsInOneStatement]);
    const stream = `counter:${randomUUID()}`;
    const messages = [envelope(1), envelope(2), envelope(3)];
    await store.appendToStream(
      stream,
      [
        { type: 'Incremented', data: { by: 2 } },
        { type: 'Incremented', data: { by: 3 } },
      ],
      {
        expectedVersion: 0,
        outbox: { topic: 'one', messages: messages.map((event) => ({ key: stream, event })) },
      },
    );
    const { events, currentVersion } = await store.readStream(stream);
    expect(currentVersion).toBe(2);
    expect(events.map((e) => [e.streamPosition, e.data])).toEqual([
      [1, { by: 2 }],
      [2, { by: 3 }],
    ]);
    expect(BigInt(events[1]!.globalPosition)).toBeGreaterThan(BigInt(events[0]!.globalPosition));
    expect(await totalOf(stream)).toEqual([{ total: 5 }]);
    expect(await outboxOf(stream)).toEqual(messages.map((m) => m.id));
    // Two events went through the transaction (see the projection); one goes in one statement.
    const more = [envelope(4), envelope(5)];
    await store.appendToStream(stream, [{ type: 'Incremented', data: { by: 4 } }], {
      expectedVersion: 2,
      outbox: { topic: 'one', messages: more.map((event) => ({ key: stream, event })) },
    });
    expect((await store.readStream(stream)).events.map((e) => [e.streamPosition, e.data])).toEqual([
      [1, { by: 2 }],
      [2, { by: 3 }],
      [3, { by: 4 }],
    ]);
    expect(await totalOf(stream)).toEqual([{ total: 9 }]);
    expect(await outboxOf(stream)).toEqual([...messages, ...more].map((m) => m.id));
  });

  it('writes nothing at all when a one-statement append loses the race or names a stale version', async () => {
    const store = new PostgresEventStore(db, schema, [totalsInOneStatement]);
    const stream = `counter:${randomUUID()}`;
    const append = (by: number, expectedVersion: number) =>
      store.appendToStream(stream, [{ type: 'Incremented', data: { by } }], {
        expectedVersion,
        outbox: { topic: 'one', messages: [{ key: stream, event: envelope(by) }] },
      });
    const results = await Promise.allSettled([append(1, 0), append(10, 0)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results[0]!.status === 'fulfilled' ? 1 : 10;
    expect(await totalOf(stream)).toEqual([{ total: winner }]);
    await expect(append(100, 0)).rejects.toMatchObject({ actualVersion: 1 });
    await expect(append(100, 5)).rejects.toMatchObject({ actualVersion: 1 });
    const racers = await Promise.allSettled([append(1000, 1), append(1000, 1), append(1000, 1)]);
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await store.readStream(stream)).currentVersion).toBe(2);
    expect(await totalOf(stream)).toEqual([{ total: winner + 1000 }]);
    expect(await outboxOf(stream)).toHaveLength(2);
  });

  it("rolls back the whole one-statement append when a projection's statement fails", async () => {
    const failing: InlineProjection = {
      ...totals,
      statements: (events, param) =>
        events.map(
          (event) =>
            `INSERT INTO ${schema}.totals (stream, total) SELECT ${param(event.streamName)}, NULL FROM appended`,
        ),
    };
    const store = new PostgresEventStore(db, schema, [failing]);
    const stream = `counter:${randomUUID()}`;
    await expect(
      store.appendToStream(stream, [{ type: 'Incremented', data: { by: 1 } }], {
        expectedVersion: 0,
        outbox: { topic: 'one', messages: [{ key: stream, event: envelope(1) }] },
      }),
    ).rejects.toThrow(/null value/);
    expect(await store.readStream(stream)).toEqual({ events: [], currentVersion: 0 });
    expect(await totalOf(stream)).toEqual([]);
    expect(await outboxOf(stream)).toEqual([]);
  });

  it('relays the outbox in order and marks rows sent only after the bus took them', async () => {
    const store = new PostgresEventStore(db, schema);
    const stream = `counter:${randomUUID()}`;
    const events = [envelope(1), envelope(2), envelope(3)];
    await store.appendToStream(stream, [{ type: 'Incremented', data: { by: 1 } }], {
      expectedVersion: 0,
      outbox: { topic: 'relay-test', messages: events.map((event) => ({ key: stream, event })) },
    });
    const failing = new InProcessEventBus({ attempts: 1 });
    await failing.subscribe({
      groupId: 'g',
      topics: ['relay-test'],
      handle: async () => {
        throw new Error('consumer down');
      },
    });
    const unsent = async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE sent_at IS NULL AND message_key = $1`,
          [stream],
        )
      ).rows[0];
    await expect(new OutboxRelay(db, schema, failing, logger).relayBatch()).rejects.toThrow('consumer down');
    expect(await unsent()).toEqual({ n: 3 });

    const received: string[] = [];
    const bus = new InProcessEventBus();
    await bus.subscribe({
      groupId: 'g',
      topics: ['relay-test'],
      handle: async (event) => void received.push(event.id),
    });
    const relay = new OutboxRelay(db, schema, bus, logger);
    await relay.kick();
    expect(received.filter((id) => events.some((e) => e.id === id))).toEqual(events.map((e) => e.id));
    expect(await unsent()).toEqual({ n: 0 });
  });
  it('writes a message to its own topic when it names one; a relay per topic group keeps a failing consumer from holding back the others', async () => {
    const store = new PostgresEventStore(db, schema);
    const stream = `counter:${randomUUID()}`;
    const [main, side] = [`main-${randomUUID()}`, `side-${randomUUID()}`];
    const [first, mail, last] = [envelope(1), envelope(2), envelope(3)];
    await store.appendToStream(stream, [{ type: 'Incremented', data: { by: 1 } }], {
      expectedVersion: 0,
      outbox: {
        topic: main,
        messages: [
          { key: stream, event: first },
          { key: stream, event: mail, topic: side },
          { key: stream, event: last },
        ],
      },
    });
    const stored = await db.query<{ topic: string; id: string }>(
      `SELECT topic, event->>'id' AS id FROM ${schema}.outbox WHERE message_key = $1 ORDER BY outbox.id`,
      [stream],
    );
    expect(stored.rows).toEqual([
      { topic: main, id: first.id },
      { topic: side, id: mail.id },
      { topic: main, id: last.id },
    ]);

    const bus = new InProcessEventBus({ attempts: 1 });
    const received: string[] = [];
    await bus.subscribe({ groupId: 'main', topics: [main], handle: async (e) => void received.push(e.id) });
    await bus.subscribe({
      groupId: 'side',
      topics: [side],
      handle: async () => {
        throw new Error('mail server down');
      },
    });
    const sideRelay = new OutboxRelay(db, schema, bus, logger, { topics: { only: [side] } });
    await expect(sideRelay.relayBatch()).rejects.toThrow('mail server down');
    // Every topic but the side one: both main rows go out past the stuck side row.
    await new OutboxRelay(db, schema, bus, logger, { topics: { except: [side] } }).kick();
    expect(received.filter((id) => id !== mail.id)).toEqual(expect.arrayContaining([first.id, last.id]));
    expect(received).not.toContain(mail.id);
    const unsent = await db.query<{ id: string }>(
      `SELECT event->>'id' AS id FROM ${schema}.outbox WHERE sent_at IS NULL AND message_key = $1`,
      [stream],
    );
    expect(unsent.rows).toEqual([{ id: mail.id }]);
  });
});
