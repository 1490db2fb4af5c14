import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { exportInternalKeyPair, generateInternalKeyPair } from '@beatmatch/platform';

/** What the distributed profile prepares before its processes start: databases, secrets and ports. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export /**
 * A service owns its data: one database per service (and one for the gateway's rate-limit counters)
 * on the shared server, created when missing.
 */
async function ensureDatabases(baseUrl: string, names: string[]): Promise<void> {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    for (const name of names) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid database name: ${name}`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) continue;
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } catch (error) {
        // Another starter created it meanwhile.
        if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505')
          throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export interface Secrets {
  csrfSecret: string;
  internalPrivateKeyPem: string;
  internalPublicKeyPem: string;
  /** The secret settings service definitions name (e.g. IDENTITY_SECRET), by variable. */
  services: Record<string, string>;
}

/**
 * Stable across restarts: a code mailed before identity restarts must still verify after it. Secret
 * settings a service definition names are generated here once and passed to its process.
 */
export async function loadSecrets(dataDir: string, serviceSecretNames: string[]): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Secrets;
  let changed = false;
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Secrets & { identitySecret?: string };
    secrets = { ...stored, services: stored.services ?? {} };
    if (stored.identitySecret) secrets.services.IDENTITY_SECRET ??= stored.identitySecret;
  } else {
    const keys = await exportInternalKeyPair(await generateInternalKeyPair());
    secrets = {
      csrfSecret: randomBytes(32).toString('hex'),
      internalPrivateKeyPem: keys.privateKeyPem,
      internalPublicKeyPem: keys.publicKeyPem,
      services: {},
    };
    changed = true;
  }
  for (const name of serviceSecretNames) {
    if (secrets.services[name]) continue;
    secrets.services[name] = randomBytes(32).toString('hex');
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

/** A fixed port that is taken would make /readyz answer for some other process: refuse to start. */
export function assertPortFree(port: number, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} for ${name} is taken (another Beatmatch running?): stop that process first`,
            )
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
