import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import type { SqlDatabase, SqlExecutor, SqlResult } from './port';

function executor(target: PGlite | Transaction): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []): Promise<SqlResult<Row>> {
      const result = await target.query<Row>(text, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite, WASM). `dataDir` persists across restarts; omit it for an in-memory
 * database (tests). PGlite has one connection: transactions are serialised by PGlite itself.
 */
export async function openPglite(dataDir?: string): Promise<SqlDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  return {
    ...executor(db),
    transaction: (fn) => db.transaction((tx) => fn(executor(tx))),
    exec: async (script) => {
      await db.exec(script);
    },
    close: () => db.close(),
  };
}
