import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { requireEnv } from '@beatmatch/testing';
import { SERVICES, startDistributed, type DistributedSystem } from '../scripts/start-distributed';

export interface DistributedRun {
  /** Eight characters unique to this run (for user names and database names). */
  readonly run: string;
  /** Every process's log lines, kept for reading in a debugger rather than printed. */
  readonly logs: string[];
  /** The running system (set once beforeAll has run). */
  system(): DistributedSystem;
}

/**
 * The distributed profile for one spec file: every process started before its tests on databases of
 * its own (dropped afterwards) and a fresh data directory, so runs never see each other's data.
 */
export function distributedRun(label: string): DistributedRun {
  const databaseUrl = requireEnv('DATABASE_URL');
  const run = randomUUID().replace(/-/g, '').slice(0, 8);
  const prefix = `bm_${label}_${run}`;
  const logs: string[] = [];
  let system: DistributedSystem | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `beatmatch-distributed-${label}-`));
    system = await startDistributed({
      databaseUrl,
      kafkaBrokers: requireEnv('KAFKA_BROKERS'),
      databasePrefix: prefix,
      dataDir,
      gatewayPort: 0,
      logLevel: 'warn',
      onLog: (name, line) => logs.push(`${name} | ${line}`),
    });
  });

  afterAll(async () => {
    await system?.stop();
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    for (const name of ['gateway', ...SERVICES])
      await client.query(`DROP DATABASE IF EXISTS ${prefix}_${name} WITH (FORCE)`);
    await client.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    run,
    logs,
    system: () => {
      if (!system) throw new Error('the distributed system has not started');
      return system;
    },
  };
}
