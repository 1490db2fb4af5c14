// Types for scripts/frontendBuild.cjs, for its spec.
import type { SpawnSyncReturns } from 'node:child_process';
export type RunResult = Pick<SpawnSyncReturns<Buffer>, 'status' | 'signal'>;
export interface BuildOptions {
  attempts?: number;
  log?: (line: string) => void;
  stdio?: 'inherit' | 'ignore';
  commandFor?: (name: string) => [string, string[]];
}
export function diedBySignal(result: RunResult): boolean;
export function buildFrontends(root: string, names: string[], options?: BuildOptions): number;
