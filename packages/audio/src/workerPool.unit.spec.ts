// The worker pool with a stand-in worker (testing/fixtures/poolTestWorker.cjs): reuse, queueing, a
// timed-out or crashed worker replaced, idle workers ended, and a process that is not kept alive.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DnaError } from './errors';
import { WorkerPool } from './workerPool';

const ENTRY = join(__dirname, 'testing/fixtures/poolTestWorker.cjs');

type Request = { kind: 'echo' | 'sleep' | 'spin' | 'exit' | 'throw'; value?: number; ms?: number };
type Response = { echo?: number; threadId: number };
type Info = { requests: number; loads: number; threadId: number };

const pools: WorkerPool<Response, Info>[] = [];
const makePool = (options: ConstructorParameters<typeof WorkerPool>[1] = {}) => {
  const pool = new WorkerPool<Response, Info>(ENTRY, options);
  pools.push(pool);
  return pool;
};
const send = (pool: WorkerPool<Response, Info>, request: Request, timeoutMs = 10_000) =>
  pool.run(request, [], timeoutMs, 'The test request');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('WorkerPool', () => {
  it('serves consecutive requests on one worker, which keeps what it loaded', async () => {
    const pool = makePool();
    const first = await send(pool, { kind: 'echo', value: 1 });
    const second = await send(pool, { kind: 'echo', value: 2 });
    expect(first.echo).toBe(1);
    expect(second.echo).toBe(2);
    expect(second.threadId).toBe(first.threadId);
    const stats = pool.stats();
    expect(stats.started).toBe(1);
    expect(stats.workers).toEqual([
      {
        threadId: first.threadId,
        busy: false,
        served: 2,
        info: { requests: 2, loads: 1, threadId: first.threadId },
      },
    ]);
  });

  it('queues requests beyond its size, and runs them side by side when it has more workers', async () => {
    const one = makePool({ size: 1 });
    const pending = [send(one, { kind: 'sleep', ms: 150 }), send(one, { kind: 'sleep', ms: 150 })];
    await sleep(20);
    expect(one.stats().queued).toBe(1);
    const answers = await Promise.all(pending);
    expect(answers[0]!.threadId).toBe(answers[1]!.threadId);
    expect(one.stats().started).toBe(1);

    const two = makePool({ size: 2 });
    const both = await Promise.all([
      send(two, { kind: 'sleep', ms: 150 }),
      send(two, { kind: 'sleep', ms: 150 }),
    ]);
    expect(both[0]!.threadId).not.toBe(both[1]!.threadId);
    expect(two.stats().started).toBe(2);
  });

  it('rejects a request that runs too long with TIMEOUT and replaces its worker', async () => {
    const pool = makePool();
    const before = await send(pool, { kind: 'echo', value: 1 });
    const error = await send(pool, { kind: 'spin' }, 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DnaError);
    expect((error as DnaError).code).toBe('TIMEOUT');
    expect((error as DnaError).message).toBe('The test request did not finish within 300 ms.');
    expect(pool.stats().workers).toEqual([]);
    const after = await send(pool, { kind: 'echo', value: 2 });
    expect(after.echo).toBe(2);
    expect(after.threadId).not.toBe(before.threadId);
    expect(pool.stats().started).toBe(2);
    // The fresh worker loaded its own "model" once.
    expect(pool.stats().workers[0]!.info).toEqual({ requests: 1, loads: 1, threadId: after.threadId });
  });

  it('a request waiting behind a timed-out one runs on a fresh worker', async () => {
    const pool = makePool();
    const [spun, queued] = await Promise.allSettled([
      send(pool, { kind: 'spin' }, 300),
      send(pool, { kind: 'echo', value: 7 }),
    ]);
    expect(spun.status).toBe('rejected');
    expect(queued).toEqual({ status: 'fulfilled', value: expect.objectContaining({ echo: 7 }) });
    expect(pool.stats().started).toBe(2);
  });

  it.each([
    ['exits', 'exit', /^The DNA worker exited \(code 3\) without a result\.$/],
    ['throws', 'throw', /^The DNA worker failed: worker blew up$/],
  ] as const)(
    'rejects with WORKER_FAILED when the worker %s, then starts a fresh one',
    async (_, kind, message) => {
      const pool = makePool();
      const error = await send(pool, { kind }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DnaError);
      expect((error as DnaError).code).toBe('WORKER_FAILED');
      expect((error as DnaError).message).toMatch(message);
      expect((await send(pool, { kind: 'echo', value: 3 })).echo).toBe(3);
      expect(pool.stats().started).toBe(2);
    },
  );

  it('ends a worker that stayed idle for idleMs; the next request starts another', async () => {
    const pool = makePool({ idleMs: 100 });
    const first = await send(pool, { kind: 'echo', value: 1 });
    expect(pool.stats().workers).toHaveLength(1);
    await sleep(400);
    expect(pool.stats().workers).toEqual([]);
    const second = await send(pool, { kind: 'echo', value: 2 });
    expect(second.threadId).not.toBe(first.threadId);
    expect(pool.stats().started).toBe(2);
  });

  it('does not keep the process alive between requests', async () => {
    // A child process makes a pool whose workers would idle for a minute, runs one request and returns:
    // it must exit by itself long before that minute.
    const script = `
      const { WorkerPool } = require(${JSON.stringify(join(__dirname, 'workerPool.ts'))});
      const pool = new WorkerPool(${JSON.stringify(ENTRY)}, { idleMs: 60000 });
      pool.run({ kind: 'echo', value: 5 }, [], 10000, 'x').then((r) => console.log(JSON.stringify(r)));
    `;
    const started = Date.now();
    const { stdout } = await promisify(execFile)(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
      timeout: 30_000,
    });
    expect(JSON.parse(stdout).echo).toBe(5);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
