import { randomUUID } from 'node:crypto';
import { openPostgres } from '../sql/postgres';
import type { SqlDatabase, SqlExecutor } from '../sql/port';
import { serverUrl, sqlTargets } from './sqlTargets.fixture';
import { PostgresEventStore, type InlineProjection } from './postgres';
import { ConcurrencyError } from './port';

/**
 * Group commit on both adapters: many concurrent appends share transactions, and each still gets
 * exactly the answer it would get alone.
 */
describe.each(sqlTargets)('group commit on %s', (_name, open) => {
  let db: SqlDatabase;
  const schema = `gc_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  /** Inline projection with a statement form; `by: -1` breaks its NOT NULL column (a failing statement). */
  const totals: InlineProjection = {
    name: 'totals',
    handles: ['Incremented'],
    async apply(tx, events) {
      for (const event of events) {
        const by = (event.data as { by: number }).by;
        if (by < 0) throw new Error('projection refused');
        await tx.query(
          `INSERT INTO ${schema}.totals (stream, total) VALUES ($1, $2)
           ON CONFLICT (stream) DO UPDATE SET total = ${schema}.totals.total + EXCLUDED.total`,
          [event.streamName, by],
        );
      }
    },
    statements: (events, param) =>
      events.length > 1
        ? undefined
        : events.map((event) => {
            const by = (event.data as { by: number }).by;
            return `INSERT INTO ${schema}.totals (stream, total) SELECT ${param(event.streamName)}, ${param(by < 0 ? null : by)}::int FROM appended
                    ON CONFLICT (stream) DO UPDATE SET total = ${schema}.totals.total + EXCLUDED.total`;
          }),
  };
  /** The same projection without its statement form: every append is a transaction of several queries. */
  const { statements: _statementForm, ...totalsByApply } = totals;

  beforeAll(async () => {
    db = await open();
    await new PostgresEventStore(db, schema).migrate();
    await db.exec(`CREATE TABLE ${schema}.totals (stream text PRIMARY KEY, total int NOT NULL)`);
  });
  afterAll(async () => {
    if (!db) return;
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  /** The database as the store sees it, counting the transactions it opens. */
  const counting = () => {
    const seen = { transactions: 0 };
    const wrapped: SqlDatabase = {
      ...db,
      query: (text, params) => db.query(text, params),
      transaction: (fn) => {
        seen.transactions++;
        return db.transaction(fn);
      },
    };
    return { db: wrapped, seen };
  };
  const increment = (by: number) => [{ type: 'Incremented', data: { by } }];
  const outbox = (stream: string, n: number) => ({
    topic: 'gc',
    messages: [
      {
        key: stream,
        event: { id: `${stream}/${n}`, type: 'gc.Done', version: 1, occurredAt: '', payload: {} },
      },
    ],
  });
  const positions = async (stream: string) =>
    (await new PostgresEventStore(db, schema).readStream(stream)).events.map((e) => [
      e.streamPosition,
      e.data,
    ]);
  const outboxIds = async (stream: string) =>
    (
      await db.query<{ id: string }>(
        `SELECT event->>'id' AS id FROM ${schema}.outbox WHERE message_key = $1 ORDER BY id`,
        [stream],
      )
    ).rows.map((row) => row.id);

  it.each([
    ['statement form', totals, 1],
    ['transaction form', totalsByApply, 1],
    ['statement form, four batches in flight', totals, 4],
  ])(
    'answers 200 concurrent appends on 40 streams exactly, in fewer transactions (%s)',
    async (_form, projection, lanes) => {
      const { db: counted, seen } = counting();
      const store = new PostgresEventStore(counted, schema, [projection], undefined, { lanes });
      const prefix = `race:${randomUUID()}:`;
      const streams = Array.from({ length: 40 }, (_, i) => `${prefix}${i}`);
      // Five racers per stream, all expecting an empty stream: one wins each, four lose to it.
      const racers = streams.flatMap((stream) => [1, 2, 3, 4, 5].map((by) => ({ stream, by })));
      const results = await Promise.allSettled(
        racers.map(({ stream, by }) =>
          store.appendToStream(stream, increment(by), { expectedVersion: 0, outbox: outbox(stream, by) }),
        ),
      );
      for (const stream of streams) {
        const mine = results.filter((_, i) => racers[i]!.stream === stream);
        const winners = mine.filter((r) => r.status === 'fulfilled');
        expect(winners).toEqual([{ status: 'fulfilled', value: { nextExpectedVersion: 1 } }]);
        for (const lost of mine.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
          expect(lost.reason).toBeInstanceOf(ConcurrencyError);
          expect(lost.reason).toMatchObject({ streamName: stream, expectedVersion: 0, actualVersion: 1 });
        }
        // The winner's event, projection row and outbox row, and nothing of the losers.
        const winner = racers[results.indexOf(winners[0]!)]!.by;
        expect(await positions(stream)).toEqual([[1, { by: winner }]]);
        expect(await outboxIds(stream)).toEqual([`${stream}/${winner}`]);
        const { rows } = await db.query(`SELECT total FROM ${schema}.totals WHERE stream = $1`, [stream]);
        expect(rows).toEqual([{ total: winner }]);
      }
      expect(seen.transactions).toBeGreaterThan(0);
      expect(seen.transactions).toBeLessThan(racers.length / 4);
    },
  );

  it('writes concurrent appends to one stream in their order, each seeing the one before it in the batch', async () => {
    const store = new PostgresEventStore(db, schema, [totals]);
    const stream = `ordered:${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, version) =>
        store.appendToStream(stream, increment(version + 1), {
          expectedVersion: version,
          outbox: outbox(stream, version),
        }),
      ),
    );
    expect(answers.map((a) => a.nextExpectedVersion)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await positions(stream)).toEqual(Array.from({ length: 30 }, (_, i) => [i + 1, { by: i + 1 }]));
    expect(await outboxIds(stream)).toHaveLength(30);
  });

  it.each([
    ['a statement that fails', totals, /null value/],
    ['a projection that throws', totalsByApply, /projection refused/],
  ])(
    'fails %s alone, with its own error; the rest of its batch commits with its outbox rows',
    async (_what, projection, error) => {
      const { db: counted, seen } = counting();
      const store = new PostgresEventStore(counted, schema, [projection]);
      const prefix = `broken:${randomUUID()}:`;
      const bys = [1, 2, -1, 3, 4, -1, 5, 6];
      const results = await Promise.allSettled(
        bys.map((by, i) =>
          store.appendToStream(`${prefix}${i}`, increment(by), {
            expectedVersion: 0,
            outbox: outbox(`${prefix}${i}`, by),
          }),
        ),
      );
      bys.forEach((by, i) => {
        if (by > 0) expect(results[i]).toEqual({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
        else expect((results[i] as PromiseRejectedResult).reason.message).toMatch(error);
      });
      for (const [i, by] of bys.entries()) {
        expect(await positions(`${prefix}${i}`)).toEqual(by > 0 ? [[1, { by }]] : []);
        expect(await outboxIds(`${prefix}${i}`)).toEqual(by > 0 ? [`${prefix}${i}/${by}`] : []);
      }
      // The first append went alone; the seven behind it shared transactions (retried without the broken ones).
      expect(seen.transactions).toBeLessThan(bys.length);
    },
  );

  it('answers a caller only after the transaction holding its append committed', async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const gated: SqlDatabase = {
      ...db,
      query: (text, params) => db.query(text, params),
      transaction: (fn) =>
        db.transaction(async (tx) => fn(tx).then(async (value) => (await committed, value))),
    };
    const store = new PostgresEventStore(gated, schema, [totalsByApply]);
    const stream = `gated:${randomUUID()}`;
    let answered = false;
    const answer = store
      .appendToStream(stream, increment(1), { expectedVersion: 0 })
      .then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    commit();
    await answer;
    expect(answered).toBe(true);
  });
});

it('on PostgreSQL: an append whose batch lost a deadlock is written again on its own, not failed', async () => {
  const db = openPostgres(serverUrl());
  const schema = `gd_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const store = new PostgresEventStore(db, schema);
  await store.migrate();
  try {
    const [first, a, b] = ['first', 'a', 'b'].map((name) => `${name}:${randomUUID()}`) as [
      string,
      string,
      string,
    ];
    const once = [{ type: 'Incremented', data: { by: 1 } }];
    for (const stream of [a, b]) await store.appendToStream(stream, once, { expectedVersion: 0 });
    const lockRow = (tx: SqlExecutor, stream: string) =>
      tx.query(`SELECT 1 FROM ${schema}.streams WHERE stream_name = $1 FOR UPDATE`, [stream]);
    let holdsB!: () => void;
    const heldB = new Promise<void>((resolve) => (holdsB = resolve));
    // Outside the store: takes b's row, then (once the batch holds a's and waits for b's) asks for a's.
    const outside = db.transaction(async (tx) => {
      await lockRow(tx, b);
      holdsB();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await lockRow(tx, a);
    });
    await heldB;
    // `first` goes alone; a and b wait for it and share the next transaction, which waits first and so
    // is the one PostgreSQL rolls back to break the cycle.
    const appends = [first, a, b].map((stream) =>
      store.appendToStream(stream, once, { expectedVersion: stream === first ? 0 : 1 }),
    );
    await expect(outside).resolves.toBeUndefined();
    expect(await Promise.allSettled(appends)).toEqual(
      [1, 2, 2].map((version) => ({ status: 'fulfilled', value: { nextExpectedVersion: version } })),
    );
  } finally {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
});
