import { openPglite } from '../sql/pglite';
import { openPostgres } from '../sql/postgres';
import type { SqlDatabase } from '../sql/port';

/** The PostgreSQL server of deploy/local (DATABASE_URL), for specs that need the real server. */
export function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'DATABASE_URL is not set: start the servers with deploy/local/up and eval "$(deploy/local/env)"',
    );
  return url;
}

/**
 * The event store's specs run on both adapters: embedded PGlite and a real PostgreSQL server
 * (DATABASE_URL, started by deploy/local/up).
 */
export const sqlTargets: Array<[string, () => Promise<SqlDatabase>]> = [
  ['PGlite', () => openPglite()],
  ['PostgreSQL', async () => openPostgres(serverUrl())],
];
