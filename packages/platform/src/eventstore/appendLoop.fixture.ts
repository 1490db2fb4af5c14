/**
 * The process that the group-commit kill -9 spec kills: LOOPS appenders, each on its own stream,
 * append one event (with an outbox row) at a time through one group-committing store, and print
 * `<stream> <version>` on stdout once the append's promise resolved. Writes to a pipe are synchronous
 * on Linux, so a printed line left the process before anything after it ran.
 * Env: SCHEMA, and DATABASE_URL (PostgreSQL) or PGLITE_DIR (embedded).
 */
import { openPglite } from '../sql/pglite';
import { openPostgres } from '../sql/postgres';
import { PostgresEventStore } from './postgres';

async function main() {
  const { DATABASE_URL: url, PGLITE_DIR: dir, SCHEMA: schema } = process.env;
  const db = dir ? await openPglite(dir) : openPostgres(url!);
  const store = new PostgresEventStore(db, schema!, [], () => undefined, { groupCommit: true });
  await store.migrate();
  process.stdout.write('ready\n');
  const loops = Number(process.env.LOOPS ?? 16);
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      const stream = `loop:${loop}`;
      for (let version = 0; ; version++) {
        const event = {
          id: `${stream}/${version + 1}`,
          type: 'test.Looped',
          version: 1,
          occurredAt: '',
          payload: {},
        };
        await store.appendToStream(stream, [{ type: 'Looped', data: { n: version + 1 } }], {
          expectedVersion: version,
          outbox: { topic: 'loops', messages: [{ key: stream, event }] },
        });
        process.stdout.write(`${stream} ${version + 1}\n`);
      }
    }),
  );
}

void main();
