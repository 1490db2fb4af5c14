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
export function readSkipReasons(file: string | undefined): { testPath?: string; reason: string }[];
export function summariseJest(
  report: unknown,
  status: number | null,
  reasons?: { testPath?: string; reason: string }[],
  root?: string,
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
