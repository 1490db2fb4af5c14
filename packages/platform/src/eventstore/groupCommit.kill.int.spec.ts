import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { openPglite } from '../sql/pglite';
import { openPostgres } from '../sql/postgres';
import type { SqlDatabase } from '../sql/port';
import { serverUrl } from './sqlTargets.fixture';

jest.setTimeout(120_000);

/**
 * kill -9 of a process appending through group commit loses no acknowledged append: a child appends
 * in 16 loops and prints each append once its promise resolved; it is killed the moment it has
 * acknowledged ACKS of them, and every acknowledged event and its outbox row are in the store.
 */
const ACKS = 600;

async function killAfterAcks(env: Record<string, string>): Promise<Array<[string, number]>> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'appendLoop.fixture.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const acked: Array<[string, number]> = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'ready') return;
    const [stream, version] = line.split(' ');
    acked.push([stream!, Number(version)]);
    if (acked.length === ACKS) child.kill('SIGKILL');
  });
  await exited;
  return acked;
}

async function expectAllDurable(db: SqlDatabase, schema: string, acked: Array<[string, number]>) {
  expect(acked.length).toBeGreaterThanOrEqual(ACKS);
  const { rows } = await db.query<{ stream_name: string; stream_position: number; batch: string }>(
    `SELECT stream_name, stream_position, xmin::text AS batch FROM ${schema}.events`,
  );
  const stored = new Set(rows.map((row) => `${row.stream_name} ${row.stream_position}`));
  const lost = acked.filter(([stream, version]) => !stored.has(`${stream} ${version}`));
  expect(lost).toEqual([]);
  const { rows: outbox } = await db.query<{ id: string }>(`SELECT event->>'id' AS id FROM ${schema}.outbox`);
  const sent = new Set(outbox.map((row) => row.id));
  expect(acked.filter(([stream, version]) => !sent.has(`${stream}/${version}`))).toEqual([]);
  // Events of one transaction share its xmin: the appends were indeed committed in groups.
  expect(new Set(rows.map((row) => row.batch)).size).toBeLessThan(rows.length / 2);
}

it('on PostgreSQL: every acknowledged append survives kill -9 of the appending process', async () => {
  const schema = `gk_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const db = openPostgres(serverUrl());
  try {
    const acked = await killAfterAcks({ DATABASE_URL: serverUrl(), SCHEMA: schema });
    await expectAllDurable(db, schema, acked);
  } finally {
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  }
});

it('on PGlite (embedded: the database dies with the process): every acknowledged append survives kill -9', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'group-commit-'));
  try {
    const acked = await killAfterAcks({ PGLITE_DIR: dataDir, SCHEMA: 'loops' });
    const db = await openPglite(dataDir);
    try {
      await expectAllDurable(db, 'loops', acked);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
