/**
 * Group commit in the PostgreSQL event store (issue 28), off, on (one lane) and on with 4 lanes, in
 * alternating rounds, one process:
 *   npx tsx bench/platform/groupCommit.ts [--appends 2000 --callers 50 --rounds 3] [--pglite]
 * Needs DATABASE_URL (`eval "$(deploy/local/env)"`) unless --pglite. Each append is one event and one
 * outbox row on the caller's own stream, as a swipe is.
 * - single: one caller appending in a loop (does a lone caller pay for the queue?): µs per append,
 *   median and p99.
 * - concurrent: --callers callers at once, each on its own stream: appends/s, p99, and the Node CPU
 *   per append (this process: the driver, node-postgres, the store).
 * Prints figures; not a test.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres, PostgresEventStore, type SqlDatabase } from '@beatmatch/platform';
import { numberArg } from '@beatmatch/testing';

const appends = numberArg('appends', 2000);
const callers = numberArg('callers', 50);
const rounds = numberArg('rounds', 3);
const onPglite = process.argv.includes('--pglite');

interface Figures {
  perSecond: number;
  p50Us: number;
  p99Us: number;
  cpuUsPerAppend: number;
}

async function appendLoop(store: PostgresEventStore, count: number, latencies: number[]) {
  const stream = `bench:${randomUUID()}`;
  for (let version = 0; version < count; version++) {
    const started = performance.now();
    await store.appendToStream(
      stream,
      [{ type: 'Swiped', data: { beatId: `beat-${version}`, choice: 'pass' } }],
      {
        expectedVersion: version,
        outbox: {
          topic: 'bench',
          messages: [
            {
              key: stream,
              event: { id: randomUUID(), type: 'bench.Swiped', version: 1, occurredAt: '', payload: {} },
            },
          ],
        },
      },
    );
    latencies.push((performance.now() - started) * 1000);
  }
}

async function measure(store: PostgresEventStore, parallel: number): Promise<Figures> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, () => appendLoop(store, Math.ceil(appends / parallel), latencies)),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    perSecond: latencies.length / seconds,
    p50Us: at(0.5),
    p99Us: at(0.99),
    cpuUsPerAppend: (used.user + used.system) / latencies.length,
  };
}

const line = (figures: Figures) =>
  `${figures.perSecond.toFixed(0).padStart(6)} appends/s  p50=${figures.p50Us.toFixed(0)}µs  p99=${figures.p99Us.toFixed(0)}µs  node_cpu=${figures.cpuUsPerAppend.toFixed(0)}µs/append`;

async function main() {
  const db: SqlDatabase = onPglite ? await openPglite() : openPostgres(process.env.DATABASE_URL!);
  const schema = `bench_gc_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const stores = {
    off: new PostgresEventStore(db, schema, [], () => undefined, { groupCommit: false }),
    on: new PostgresEventStore(db, schema, [], () => undefined, { groupCommit: true }),
    on4: new PostgresEventStore(db, schema, [], () => undefined, { groupCommit: true, lanes: 4 }),
  };
  await stores.on.migrate();
  try {
    // Warm-up: every mode's connections and prepared statements, and the JIT.
    for (const store of Object.values(stores)) await measure(store, callers);
    for (let round = 1; round <= rounds; round++) {
      for (const mode of ['off', 'on', 'on4'] as const) {
        console.log(
          `round ${round} single     group_commit=${mode.padEnd(3)} ${line(await measure(stores[mode], 1))}`,
        );
        console.log(
          `round ${round} concurrent group_commit=${mode.padEnd(3)} ${line(await measure(stores[mode], callers))}`,
        );
      }
    }
  } finally {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

void main();
