import { SpanKind } from '@opentelemetry/api';
import { Pool, type PoolClient, type QueryResult } from 'pg';
import { inChildSpan } from '../telemetry/telemetry';
import type { SqlDatabase, SqlExecutor, SqlResult } from './port';

/** How many distinct statement texts get a name (and are prepared once per connection). */
export const DEFAULT_PREPARED_TEXTS = 1000;

/**
 * Names for parameterised statement texts. A named statement is parsed and planned once per pooled
 * connection and then only bound and executed: for the event store's one-statement append (a chain of
 * data-modifying CTEs) that halved PostgreSQL's CPU per swipe call (bench/matchmaker/README.md). One
 * name per text across the pool, so every connection prepares the same text under the same name. Past
 * `limit` texts (SQL built with a variable number of placeholders, say), statements run unnamed, as
 * before: each connection's prepared statements stay bounded.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(private readonly limit: number = DEFAULT_PREPARED_TEXTS) {}

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.limit) {
      name = `bm_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/**
 * Runs a statement in a `pg.query:<statement name or command> <database>` span when the request it
 * serves is traced (sampled): no span outside a trace or in a trace the sampler left out. The span is
 * started where the statement is issued, so a statement that waits for a pooled connection stays in its
 * own trace.
 */
function traced(
  database: string,
  text: string,
  name: string | undefined,
  run: () => Promise<QueryResult>,
): Promise<QueryResult> {
  // Named and described only when recorded: most statements run in traces the sampler left out.
  return inChildSpan(
    () => [
      `pg.query:${name ?? text.trimStart().split(/\s/, 1)[0]} ${database}`,
      { 'db.system.name': 'postgresql', 'db.namespace': database, 'db.query.text': text },
    ],
    SpanKind.CLIENT,
    run,
  );
}

function executor(target: Pool | PoolClient, names: StatementNames, database: string): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []): Promise<SqlResult<Row>> {
      // Statements without parameters may hold several commands (simple protocol): never named.
      const name = params.length ? names.nameOf(text) : undefined;
      const result = await traced(database, text, name, () =>
        name ? target.query({ name, text, values: params }) : target.query(text, params),
      );
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

/** The database a connection string names (the span's `db.namespace`); PostgreSQL's default else. */
function databaseOf(connectionString: string) {
  try {
    return decodeURIComponent(new URL(connectionString).pathname.slice(1)) || 'postgres';
  } catch {
    return 'postgres';
  }
}

/** PostgreSQL server through node-postgres (distributed profile and real-server tests). */
export function openPostgres(
  connectionString: string,
  options: { max?: number; preparedTexts?: number } = {},
): SqlDatabase {
  const pool = new Pool({ connectionString, max: options.max ?? 10 });
  // An idle connection the server dropped (restart, network): the pool discards it and connects anew on
  // the next query. Unhandled, the event would end the process; readiness reports the outage instead.
  pool.on('error', () => undefined);
  const names = new StatementNames(options.preparedTexts);
  const database = databaseOf(connectionString);
  const command = (client: PoolClient, text: string) =>
    traced(database, text, undefined, () => client.query(text));
  return {
    ...executor(pool, names, database),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await command(client, 'BEGIN');
        const result = await fn(executor(client, names, database));
        await command(client, 'COMMIT');
        return result;
      } catch (error) {
        await command(client, 'ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (script) => {
      await traced(database, script, undefined, () => pool.query(script));
    },
    close: () => pool.end(),
  };
}
