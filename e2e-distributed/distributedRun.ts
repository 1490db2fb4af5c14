import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { requireEnv } from '@beatmatch/testing';
import type { ProcessName } from '../scripts/distributed/supervised';
import {
  SERVICES,
  startDistributed,
  type DistributedOptions,
  type DistributedSystem,
} from '../scripts/start-distributed';

export interface DistributedRun {
  /** Eight characters unique to this run (for user names and database names). */
  readonly run: string;
  /**
   * The run's own Kafka namespace (inside `npm test`'s, so its topics go with the test run's): the
   * specs run one after another on one broker and must not share consumer groups or topics.
   */
  readonly topicPrefix: string;
  /** Every process's log lines, kept rather than printed; their tail is printed when a step fails. */
  readonly logs: string[];
  /** Runs a test's body; when it throws, the processes' last log lines are printed before the error. */
  logsOnFailure<T>(body: () => Promise<T>): Promise<T>;
  /** The running system (set once beforeAll has run). */
  system(): DistributedSystem;
  /**
   * Each exit of `name` that no test caused (not SIGKILL), with that process's log lines before it:
   * `[]` when the process only ever died when a test killed it.
   */
  unexpectedExits(name: ProcessName): string[];
}

/** Seven processes start at once, compiling with tsx on two shared cores: CI's busiest minutes need long. */
const READY_TIMEOUT_MS = 180_000;
const LOG_TAIL_LINES = 80;
const LINES_BEFORE_EXIT = 40;

/** The supervisor's line for an exit (scripts/distributed/supervised.ts). */
const exitLine = (name: ProcessName) =>
  new RegExp(`^${name} \\| \\[supervisor\\] ${name} \\(pid \\d+\\) exited \\((.+)\\)$`);

function unexpectedExitsIn(logs: readonly string[], name: ProcessName): string[] {
  const own = logs.filter((line) => line.startsWith(`${name} | `));
  const pattern = exitLine(name);
  return own.flatMap((line, index) => {
    const cause = pattern.exec(line)?.[1];
    if (cause === undefined || cause === 'SIGKILL') return [];
    return [own.slice(Math.max(0, index - LINES_BEFORE_EXIT), index + 1).join('\n')];
  });
}

/**
 * The distributed profile for one spec file: every process started before its tests on databases of
 * its own (dropped afterwards) and a fresh data directory, so runs never see each other's data.
 */
export function distributedRun(
  label: string,
  options: Pick<DistributedOptions, 'readyTimeoutMs'> = {},
): DistributedRun {
  const databaseUrl = requireEnv('DATABASE_URL');
  const run = randomUUID().replace(/-/g, '').slice(0, 8);
  const prefix = `bm_${label}_${run}`;
  const topicPrefix = `${process.env.KAFKA_TOPIC_PREFIX ?? ''}${label}-${run}.`;
  const logs: string[] = [];
  let system: DistributedSystem | undefined;
  let dataDir: string | undefined;
  // CI shows only a test's error: the processes' own account of what went wrong comes with it.
  const logsOnFailure = async <T>(body: () => Promise<T>): Promise<T> => {
    try {
      return await body();
    } catch (error) {
      console.error(
        `last ${LOG_TAIL_LINES} log lines of the ${label} run:\n${logs.slice(-LOG_TAIL_LINES).join('\n')}`,
      );
      throw error;
    }
  };

  beforeAll(() =>
    logsOnFailure(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), `beatmatch-distributed-${label}-`));
      system = await startDistributed({
        databaseUrl,
        kafkaBrokers: requireEnv('KAFKA_BROKERS'),
        kafkaTopicPrefix: topicPrefix,
        databasePrefix: prefix,
        dataDir,
        gatewayPort: 0,
        logLevel: 'warn',
        onLog: (name, line) => logs.push(`${name} | ${line}`),
        readyTimeoutMs: READY_TIMEOUT_MS,
        ...options,
      });
    }),
  );

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
    topicPrefix,
    logs,
    logsOnFailure,
    unexpectedExits: (name) => unexpectedExitsIn(logs, name),
    system: () => {
      if (!system) throw new Error('the distributed system has not started');
      return system;
    },
  };
}
