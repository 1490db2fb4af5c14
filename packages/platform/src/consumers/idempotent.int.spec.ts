import { randomUUID } from 'node:crypto';
import { openPglite } from '../sql/pglite';
import type { SqlDatabase } from '../sql/port';
import { idempotent, processedEventsSchema } from './idempotent';
import { InProcessEventBus } from '../bus/inprocess';

/** Idempotent consumers on PGlite: a duplicate is applied once; a failed handler leaves no mark. */
describe('idempotent consumer', () => {
  let db: SqlDatabase;
  beforeAll(async () => {
    db = await openPglite();
    await db.exec(
      processedEventsSchema('consumer_test') + 'CREATE TABLE consumer_test.applied (event_id text, n int);',
    );
  });
  afterAll(() => db.close());

  const event = (n: number) => ({
    id: randomUUID(),
    type: 'test.Happened',
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: { n },
  });
  const applied = async () =>
    (await db.query<{ n: number }>('SELECT n FROM consumer_test.applied ORDER BY n')).rows.map((r) => r.n);

  it('applies a redelivered event once', async () => {
    let failNext = true;
    const handler = idempotent(db, 'consumer_test', 'projector', async (e, tx) => {
      await tx.query('INSERT INTO consumer_test.applied (event_id, n) VALUES ($1, $2)', [
        e.id,
        (e.payload as { n: number }).n,
      ]);
      if (failNext && (e.payload as { n: number }).n === 2) {
        failNext = false;
        throw new Error('crashed after writing');
      }
    });
    const bus = new InProcessEventBus({ attempts: 3, backoffMs: 1 });
    await bus.subscribe({ groupId: 'projector', topics: ['t'], handle: handler });
    const one = event(1);
    const two = event(2);
    await bus.publish('t', [
      { key: 'k', event: one },
      { key: 'k', event: two },
    ]);
    await bus.publish('t', [{ key: 'k', event: one }]);
    expect(await applied()).toEqual([1, 2]);
    const marks = await db.query(
      'SELECT count(*)::int AS n FROM consumer_test.processed_events WHERE consumer = $1',
      ['projector'],
    );
    expect(marks.rows[0]).toEqual({ n: 2 });
  });
});
