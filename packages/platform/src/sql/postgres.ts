import { Pool, type PoolClient } from 'pg';
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

function executor(target: Pool | PoolClient, names: StatementNames): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []): Promise<SqlResult<Row>> {
      // Statements without parameters may hold several commands (simple protocol): never named.
      const name = params.length ? names.nameOf(text) : undefined;
      const result = name
        ? await target.query({ name, text, values: params })
        : await target.query(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
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
  return {
    ...executor(pool, names),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(executor(client, names));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
}
