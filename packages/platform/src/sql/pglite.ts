import { PGlite, type Transaction } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SqlDatabase, SqlExecutor, SqlResult } from './port';

function executor(target: PGlite | Transaction): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []): Promise<SqlResult<Row>> {
      const result = await target.query<Row>(text, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

function initDataDir(dataDir: string) {
  const pglite = JSON.stringify(require.resolve('@electric-sql/pglite'));
  const script = `require(${pglite}).PGlite.create({ dataDir: ${JSON.stringify(dataDir)} }).then((db) => db.close())`;
  execFileSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Embedded PostgreSQL (PGlite, WASM). `dataDir` persists across restarts; omit it for an in-memory
 * database (tests). PGlite has one connection: transactions are serialised by PGlite itself.
 */
export async function openPglite(dataDir?: string): Promise<SqlDatabase> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // initdb of a new directory leaves a PGlite instance holding ~800 MB that is not handed back;
    // running it in a short-lived child process lets this one open the ready directory at ~400 MB.
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) initDataDir(dataDir);
  }
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
