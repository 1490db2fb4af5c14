// Types for scripts/testSummary.cjs (the runner's arithmetic), for its specs.
export interface Skip {
  suite: string;
  count: number;
  reason: string;
}
export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  problems: string[];
  skips: Skip[];
}
export function readJson(file: string): unknown;
export function readJsonLines(file: string | undefined): Record<string, unknown>[];
/** A line of scripts/jestProgress.cjs. */
export interface JestProgress {
  event: 'start' | 'end';
  file: string;
  passed?: number;
  failed?: number;
  skipped?: number;
  failures?: string[];
}
export function summariseJest(
  report: unknown,
  status: number | string | null,
  reasons?: { testPath?: string; reason: string }[],
  root?: string,
  progress?: JestProgress[],
): Summary;
export function summarisePlaywright(
  report: unknown,
  status: number | null,
  listed: number | undefined,
  setupProjects?: string[],
): Summary;
export function combine(...summaries: Summary[]): Summary;
export function formatSummary(summary: Summary): string;
export function runPlaywright(options: {
  root: string;
  config: string;
  env?: NodeJS.ProcessEnv;
  quiet?: boolean;
}): Summary;
