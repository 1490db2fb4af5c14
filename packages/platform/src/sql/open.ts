import path from 'node:path';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { SqlDatabase } from './port';

/** DATABASE_URL selects PostgreSQL; without it the embedded PGlite under DATA_DIR/pg is used. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<SqlDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ? path.join(options.dataDir, 'pg') : undefined);
}

/** SQL identifiers for a service's schema are fixed strings in code; this guards the odd config value. */
export function assertIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return name;
}
