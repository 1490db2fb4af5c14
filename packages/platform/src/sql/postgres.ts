import { Pool, type PoolClient } from 'pg';
import type { SqlDatabase, SqlExecutor, SqlResult } from './port';

function executor(target: Pool | PoolClient): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []): Promise<SqlResult<Row>> {
      const result = await target.query(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

/** PostgreSQL server through node-postgres (distributed profile and real-server tests). */
export function openPostgres(connectionString: string, options: { max?: number } = {}): SqlDatabase {
  const pool = new Pool({ connectionString, max: options.max ?? 10 });
  return {
    ...executor(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(executor(client));
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
