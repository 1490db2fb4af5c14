/**
 * `--async-context` (or BENCH_ASYNC_CONTEXT=1): the serving bench with telemetry off but one
 * AsyncLocalStorage entered at start, and nothing else. OpenTelemetry's context manager is an
 * AsyncLocalStorage; on Node 20 entering one installs V8 promise hooks that run for every promise and
 * async resource the process makes, whoever makes it. This flag weighs that alone (issue 27's attribution,
 * bench/matchmaker/README.md). Imported by ./telemetryFlag.ts, before anything else runs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const asyncContextOn =
  process.argv.includes('--async-context') || process.env.BENCH_ASYNC_CONTEXT === '1';

if (asyncContextOn) new AsyncLocalStorage<object>().enterWith({});
