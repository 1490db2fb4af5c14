import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { RegisteredServiceName } from '@beatmatch/contracts';

export type ProcessName = RegisteredServiceName | 'gateway';

const root = path.resolve(__dirname, '..', '..');

export interface ManagedProcess {
  readonly name: ProcessName;
  readonly url: string;
  readonly pid: number | undefined;
  /** Milliseconds from spawn to /readyz answering 200, for the latest start. */
  readonly readyMs: number | undefined;
  readonly starts: number;
  kill(signal?: NodeJS.Signals): void;
  /** Resolves when the process with a pid other than `previousPid` answers /readyz. */
  waitReady(options?: { previousPid?: number; timeoutMs?: number }): Promise<void>;
  /** Resident set size of the process in MiB (from /proc), undefined when it is not running. */
  rssMiB(): number | undefined;
}

function rssMiBOf(pid: number): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One process of the distributed profile: spawned, watched for /readyz, restarted when it dies. */
export class Supervised implements ManagedProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  private spawnedAt = 0;
  readyMs: number | undefined;
  starts = 0;
  /** Consecutive quick crashes: the restart delay doubles with each (crash loop), up to 10 s. */
  private quickCrashes = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: ProcessName,
    readonly url: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: {
      restartOnCrash: boolean;
      onLog: (name: ProcessName, line: string) => void;
      readyTimeoutMs: number;
    },
  ) {}

  get pid() {
    return this.child?.pid;
  }

  start() {
    this.starts++;
    this.spawnedAt = Date.now();
    this.readyMs = undefined;
    // node itself with tsx as a loader (not the tsx CLI): the pid we hold is the service, so kill -9
    // and the RSS figures hit the service and nothing else.
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], {
      cwd: root,
      // MALLOC_MMAP_THRESHOLD_: large freed buffers go back to the system (DNA analyses; scripts/start.mjs).
      env: { OTEL_SERVICE_NAME: this.name, MALLOC_MMAP_THRESHOLD_: '131072', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => this.options.onLog(this.name, line));
    }
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        if (!this.stopping) {
          this.quickCrashes = Date.now() - this.spawnedAt < 30_000 ? this.quickCrashes + 1 : 0;
          const delayMs = Math.min(10_000, 200 * 2 ** Math.max(0, this.quickCrashes - 1));
          this.options.onLog(
            this.name,
            `[supervisor] ${this.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`})`,
          );
          if (this.options.restartOnCrash) {
            setTimeout(() => {
              if (!this.stopping) {
                this.options.onLog(this.name, `[supervisor] restarting ${this.name} after ${delayMs} ms`);
                this.start();
              }
            }, delayMs);
          }
        }
        resolve();
      }),
    );
  }

  async waitReady(options: { previousPid?: number; timeoutMs?: number } = {}) {
    const deadline = Date.now() + (options.timeoutMs ?? this.options.readyTimeoutMs);
    for (;;) {
      const pid = this.child?.pid;
      if (pid !== undefined && pid !== options.previousPid) {
        try {
          const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(1000) });
          // Ready means this process answers: /readyz names its service.
          const body = response.ok ? ((await response.json()) as { service?: string }) : undefined;
          if (body?.service === this.name) {
            this.readyMs ??= Date.now() - this.spawnedAt;
            return;
          }
        } catch {
          /* not listening yet */
        }
      }
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready at ${this.url}/readyz in time`);
      await sleep(100);
    }
  }

  kill(signal: NodeJS.Signals = 'SIGKILL') {
    this.child?.kill(signal);
  }

  rssMiB() {
    return this.child?.pid ? rssMiBOf(this.child.pid) : undefined;
  }

  /** From now on an exit is expected (e.g. Ctrl-C reached the whole process group at once). */
  expectExit() {
    this.stopping = true;
  }

  async stop() {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(forced);
  }
}
