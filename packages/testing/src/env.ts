import { appendFileSync } from 'node:fs';

/**
 * Real-server suites find their servers through environment variables (ARCHITECTURE.md). A missing
 * variable fails the suite with the way to start the servers, never a silent pass.
 */
export const LOCAL_SERVERS_HINT =
  'start the local test servers with `deploy/local/up` and load their addresses with `eval "$(deploy/local/env)"` (npm test does both)';

export class MissingServerError extends Error {
  constructor(readonly variable: string) {
    super(`${variable} is not set: ${LOCAL_SERVERS_HINT}`);
    this.name = 'MissingServerError';
  }
}

/** The value of a real server's variable (DATABASE_URL, KAFKA_BROKERS, ...), or a MissingServerError. */
export function requireEnv(variable: string): string {
  const value = process.env[variable];
  if (!value) throw new MissingServerError(variable);
  return value;
}

/**
 * For suites that may only run where a server exists at all (EventStoreDB cannot run on these
 * machines): the value, or undefined after printing why the suite is skipped.
 */
export function optionalServer(variable: string, why: string): string | undefined {
  const value = process.env[variable];
  if (!value) {
    // Printed on purpose: a skipped suite must say why.
    console.warn(`SKIPPED: ${variable} is not set — ${why}`);
    recordSkipReason(`${variable} is not set — ${why}`);
  }
  return value || undefined;
}

/**
 * npm test (scripts/test.mjs) sets BEATMATCH_SKIP_REASONS to a file and prints every skipped suite
 * with the reasons recorded here in its closing summary.
 */
export function recordSkipReason(reason: string): void {
  const file = process.env.BEATMATCH_SKIP_REASONS;
  if (!file) return;
  const state = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect;
  const testPath = state?.getState?.().testPath;
  appendFileSync(file, `${JSON.stringify({ testPath, reason })}\n`);
}
