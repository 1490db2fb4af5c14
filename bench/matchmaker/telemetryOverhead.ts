/**
 * Telemetry's cost per swipe (issue 27), measured side by side at the same time:
 *   npx tsx bench/matchmaker/telemetryOverhead.ts [--rounds 8 --seconds 8 --warmup 2 --beats 1000
 *     --connections 50] [--on '--telemetry' --off ''] [--no-pin] [--cpu-prof-dir D]
 * Needs DATABASE_URL (`eval "$(deploy/local/env)"`) and nginx, as ./serving.ts does.
 *
 * Two copies of the serving bench's servers (./serving.ts `--serve`), each its own process: one with
 * tracing (10 % sampled) and metrics on (`--telemetry`), one with them off. Every round loads both at
 * once with POST /api/beatmatch_beat_play, each from its own load generator, and reads each process's
 * CPU time and the requests its gateway answered before and after. The figure is CPU µs per request,
 * warm-up included, and on ÷ off per round. A first round warms both up (JIT, caches, pools) and is not
 * counted. `--on` and `--off` give each side's flags for ./serving.ts instead, to weigh one part of the
 * telemetry (e.g. `--on '--telemetry --telemetry-without metrics'`, or `--on --async-context`).
 *
 * Why at once: this machine's speed drifts by up to 2× from one second to the next (a fixed loop of pure
 * arithmetic ran 36–107 ms per pass in one process), so two runs one after the other compare the
 * machine's moments as much as the code. Loaded together, both variants share each moment. Which of the
 * two is forked and loaded first alternates by round. Prints figures; not a test.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { numberArg } from '@beatmatch/testing';
import { load } from './servers';
import type { LoadSpec } from './loadgen';

const rounds = numberArg('rounds', 8);
const flagsOf = (name: string, fallback: string[]) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1]!.split(' ').filter(Boolean) : fallback;
};
/** `--cpu-prof-dir D`: each side's server writes a CPU profile under D/on and D/off (./profileSummary.ts). */
const profileIndex = process.argv.indexOf('--cpu-prof-dir');
const profileDir = profileIndex > 0 ? process.argv[profileIndex + 1] : undefined;
/**
 * Both servers on one core, everything else (this process, the load generators it forks) on the other:
 * the two sides then share the same core's moments too. Without it each stays where the scheduler put
 * it, and a core slower for a while (the host's other tenants) favours one side for a whole round.
 * `--no-pin` leaves placement to the scheduler. Needs taskset (util-linux) and two cores.
 */
const pin = !process.argv.includes('--no-pin');
const SERVER_CORE = '0';
const LOAD_CORE = '1';
/** Every thread of `pid` (and the threads it starts later) on `cores`. */
const pinTo = (pid: number, cores: string) =>
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], { stdio: 'ignore' });
const variants = { on: flagsOf('on', ['--telemetry']), off: flagsOf('off', []) };
const passOn = ['beats', 'connections', 'seconds', 'warmup'].flatMap((name) =>
  process.argv.includes(`--${name}`) ? [`--${name}`, String(numberArg(name, 0))] : [],
);

type Mark = { cpuMicros: number; served: number };

class Server {
  private readonly child: ChildProcess;
  readonly ready: Promise<LoadSpec>;
  private pending: ((mark: Mark) => void) | undefined;

  constructor(readonly variant: keyof typeof variants) {
    const args = ['--serve', '--only', 'beat_play', ...passOn, ...variants[variant]];
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, variant)}`] : [];
    this.child = fork(path.join(__dirname, 'serving.ts'), args, {
      stdio: 'inherit',
      execArgv: [...process.execArgv, ...profile],
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('exit', (code) => reject(new Error(`serving.ts --serve exited (${code})`)));
      this.child.on('message', (message: { kind: string; spec?: LoadSpec } & Mark) => {
        if (message.kind === 'ready') resolve(message.spec!);
        if (message.kind === 'mark') this.pending?.(message);
      });
    });
  }

  get pid() {
    return this.child.pid!;
  }

  mark(): Promise<Mark> {
    return new Promise((resolve) => {
      this.pending = resolve;
      this.child.send({ kind: 'mark' });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ kind: 'stop' });
    });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const on = new Server('on');
  const off = new Server('off');
  try {
    const [onSpec, offSpec] = await Promise.all([on.ready, off.ready]);
    if (pin) {
      pinTo(process.pid, LOAD_CORE);
      for (const server of [on, off]) pinTo(server.pid, SERVER_CORE);
    }
    console.log(
      `both servers ready (on: ${variants.on.join(' ') || 'no flags'}; off: ${variants.off.join(' ') || 'no flags'}; ${pin ? `servers on core ${SERVER_CORE}, load generators on core ${LOAD_CORE}` : 'unpinned'}); load average ${loadavg()[0]!.toFixed(2)}`,
    );
    const figures: Array<{ on: number; off: number }> = [];
    // Requests each side answered in the counted rounds, and since when: to read a profile's last seconds.
    const served = { on: 0, off: 0 };
    let measuredFrom = performance.now();
    for (let round = 0; round <= rounds; round++) {
      const pairs = [
        [on, onSpec],
        [off, offSpec],
      ] as const;
      const ordered = round % 2 ? pairs : ([pairs[1], pairs[0]] as const);
      const roundStarted = performance.now();
      const before = await Promise.all(ordered.map(([server]) => server.mark()));
      const results = await Promise.all(ordered.map(([, spec]) => load(spec)));
      const after = await Promise.all(ordered.map(([server]) => server.mark()));
      const perRequest = ordered.map(
        (_, i) => (after[i]!.cpuMicros - before[i]!.cpuMicros) / (after[i]!.served - before[i]!.served),
      );
      const byVariant = Object.fromEntries(
        ordered.map(([server], i) => [server.variant, perRequest[i]!]),
      ) as { on: number; off: number };
      const rps = Object.fromEntries(
        ordered.map(([server], i) => [server.variant, results[i]!.rps.toFixed(0)]),
      ) as { on: string; off: string };
      if (round === 0) {
        console.log(
          `warm-up round: off ${byVariant.off.toFixed(0)} µs/request, on ${byVariant.on.toFixed(0)} (not counted)`,
        );
        continue;
      }
      if (round === 1) measuredFrom = roundStarted;
      ordered.forEach(([server], i) => (served[server.variant] += after[i]!.served - before[i]!.served));
      figures.push(byVariant);
      const failed = results.reduce((sum, result) => sum + result.requests - result.ok + result.errors, 0);
      console.log(
        `round ${round}: off ${byVariant.off.toFixed(0)} µs/request, on ${byVariant.on.toFixed(0)} µs/request, on ÷ off ${(byVariant.on / byVariant.off).toFixed(3)}× (on ${rps.on} req/s, off ${rps.off} req/s, ${failed} failed)`,
      );
    }
    const ratio = median(figures.map((figure) => figure.on / figure.off));
    console.log(
      [
        `rounds=${rounds}`,
        `off_us_per_request=${median(figures.map((figure) => figure.off)).toFixed(0)}`,
        `on_us_per_request=${median(figures.map((figure) => figure.on)).toFixed(0)}`,
        `on_vs_off=${ratio.toFixed(3)}`,
        `target=1.10`,
        `verdict=${ratio <= 1.1 ? 'met' : 'MISSED'}`,
        `measured_seconds=${((performance.now() - measuredFrom) / 1000).toFixed(0)}`,
        `on_served=${served.on}`,
        `off_served=${served.off}`,
      ].join(' '),
    );
  } finally {
    await Promise.all([on.stop(), off.stop()]).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
