// A small pool of long-lived worker threads for `analyze` and `fingerprint` (./index.ts). A worker serves
// one request at a time and stays alive for the next, so what it loads once (tsx, the modules, the ONNX
// sessions of the voice and note models in its own helper threads) is reused. A request that times out
// or whose worker crashes rejects with a DnaError (TIMEOUT, WORKER_FAILED); that worker leaves the pool
// and the next request starts a fresh one. A busy worker is never terminated mid-request: terminating a
// thread while onnxruntime runs in it (or in a model thread it started) aborts the whole process
// ("terminate called after throwing an instance of 'Napi::Error'"), so it is ended once it answers. A worker with nothing to do for `idleMs` exits, and workers
// never keep the process alive between requests (unref), so tests and command-line tools exit.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { DnaError } from './errors';

export interface WorkerPoolOptions {
  /** Most workers alive at once (requests beyond them wait their turn). Default 1. */
  size?: number;
  /** A worker with no request for this long exits. Default 30 s. */
  idleMs?: number;
  resourceLimits?: ResourceLimits;
}

/** What a worker sends back: the request's id, its answer, and what the worker reports about itself. */
export interface PoolReply<Response, Info> {
  id: number;
  response: Response;
  info?: Info;
}

interface Job<Response> {
  id: number;
  message: unknown;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  what: string;
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
}

interface Slot<Response, Info> {
  worker: Worker;
  threadId: number;
  job?: Job<Response>;
  timer?: ReturnType<typeof setTimeout>;
  idleTimer?: ReturnType<typeof setTimeout>;
  served: number;
  info?: Info;
}

export interface WorkerStats<Info> {
  /** Workers started since the pool was made (a replaced or idle-ended worker counts once). */
  started: number;
  queued: number;
  workers: Array<{ threadId: number; busy: boolean; served: number; info?: Info }>;
}

/** How long a worker taken out of the pool mid-request may take to answer before it is ended anyway. */
const ABANDONED_GRACE_MS = 10 * 60_000;

const positive = (value: number | undefined, fallback: number) =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;

export class WorkerPool<Response, Info = unknown> {
  private readonly slots = new Set<Slot<Response, Info>>();
  private readonly queue: Job<Response>[] = [];
  private nextId = 1;
  private started = 0;
  private size: number;
  private idleMs: number;

  constructor(
    private readonly entry: string,
    private readonly options: WorkerPoolOptions = {},
  ) {
    this.size = Math.floor(positive(options.size, 1));
    this.idleMs = positive(options.idleMs, 30_000);
  }

  /** Changes the size and idle time for what comes next (running requests are not disturbed). */
  configure(options: Pick<WorkerPoolOptions, 'size' | 'idleMs'>): void {
    if (options.size !== undefined) this.size = Math.floor(positive(options.size, this.size));
    if (options.idleMs !== undefined) {
      this.idleMs = positive(options.idleMs, this.idleMs);
      for (const slot of this.slots) if (!slot.job) this.idle(slot);
    }
    this.dispatch();
  }

  /**
   * Sends `message` (with `transfer` moved, not copied) to a free worker and resolves with its response.
   * `timeoutMs` counts from the moment a worker takes the request, not while it waits in the queue.
   */
  run(message: unknown, transfer: ArrayBuffer[], timeoutMs: number, what: string): Promise<Response> {
    return new Promise<Response>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, message, transfer, timeoutMs, what, resolve, reject });
      this.dispatch();
    });
  }

  stats(): WorkerStats<Info> {
    return {
      started: this.started,
      queued: this.queue.length,
      workers: [...this.slots].map((slot) => ({
        threadId: slot.threadId,
        busy: slot.job !== undefined,
        served: slot.served,
        ...(slot.info !== undefined ? { info: slot.info } : {}),
      })),
    };
  }

  /**
   * Ends every worker; running and queued requests reject with WORKER_FAILED at once, and a busy
   * worker's thread ends when its request has (see the top of this file).
   */
  async close(): Promise<void> {
    const closed = () => new DnaError('WORKER_FAILED', 'The DNA worker pool was closed.');
    for (const job of this.queue.splice(0)) job.reject(closed());
    await Promise.all(
      [...this.slots].map((slot) => {
        if (slot.job) return this.abandon(slot, closed());
        this.remove(slot);
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => !candidate.job);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        slot = this.spawn();
      }
      this.assign(slot, this.queue.shift()!);
    }
    // A smaller size: idle workers beyond it go now.
    for (const slot of [...this.slots]) {
      if (this.slots.size <= this.size) break;
      if (!slot.job) this.retire(slot);
    }
  }

  private spawn(): Slot<Response, Info> {
    const worker = new Worker(this.entry, {
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    this.started++;
    const slot: Slot<Response, Info> = { worker, threadId: worker.threadId, served: 0 };
    this.slots.add(slot);
    worker.on('message', (reply: PoolReply<Response, Info>) => {
      if (!slot.job || reply?.id !== slot.job.id) return;
      const job = slot.job;
      clearTimeout(slot.timer);
      slot.job = undefined;
      slot.served++;
      if (reply.info !== undefined) slot.info = reply.info;
      job.resolve(reply.response);
      this.dispatch();
      if (!slot.job) this.idle(slot);
    });
    worker.on('error', (error) => {
      this.remove(slot, new DnaError('WORKER_FAILED', `The DNA worker failed: ${error.message}`));
      this.dispatch();
    });
    worker.on('exit', (code) => {
      this.remove(
        slot,
        new DnaError('WORKER_FAILED', `The DNA worker exited (code ${code}) without a result.`),
      );
      this.dispatch();
    });
    return slot;
  }

  private assign(slot: Slot<Response, Info>, job: Job<Response>): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref(); // a request in flight keeps the process alive, as a promise's caller expects
    slot.timer = setTimeout(() => {
      void this.abandon(
        slot,
        new DnaError('TIMEOUT', `${job.what} did not finish within ${job.timeoutMs} ms.`),
      );
      this.dispatch();
    }, job.timeoutMs);
    slot.worker.postMessage({ id: job.id, request: job.message }, job.transfer);
  }

  /** Between requests the worker does not keep the process alive, and it exits after idleMs. */
  private idle(slot: Slot<Response, Info>): void {
    if (!this.slots.has(slot)) return;
    slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => this.retire(slot), this.idleMs);
    slot.idleTimer.unref();
  }

  private retire(slot: Slot<Response, Info>): void {
    if (slot.job || !this.slots.has(slot)) return;
    this.remove(slot);
    void slot.worker.terminate();
  }

  /**
   * Takes a busy worker out of the pool (its request rejects with `error` now) and ends its thread once
   * it has answered that request, or after ABANDONED_GRACE_MS if it never does. Until then it keeps the
   * process alive: a process exiting would end the thread mid-request just the same.
   */
  private abandon(slot: Slot<Response, Info>, error: Error): Promise<void> {
    this.remove(slot, error);
    slot.worker.ref();
    return new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(deadline);
        slot.worker.terminate().then(() => resolve(), resolve);
      };
      const deadline = setTimeout(end, ABANDONED_GRACE_MS);
      deadline.unref();
      slot.worker.once('message', end);
      slot.worker.once('exit', () => {
        clearTimeout(deadline);
        resolve();
      });
    });
  }

  /** Takes the worker out of the pool; its request, if any, rejects with `error`. */
  private remove(slot: Slot<Response, Info>, error?: Error): void {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    slot.worker.unref();
    const job = slot.job;
    slot.job = undefined;
    if (job) job.reject(error ?? new DnaError('WORKER_FAILED', 'The DNA worker stopped.'));
  }
}
