// The client of a model's helper thread (taggerWorker.cjs, notesWorker.cjs, vadWorker.cjs; their loop is
// serveModel.cjs): the thread is started on the first request, once per analysing thread, and kept
// while requests are pending (unref'd between them, so an idle thread never keeps a process alive). Replies
// are matched to requests by id; a reply saying `loaded` (its request created the model's session) is
// counted. If the thread dies, its pending requests fail and the next request starts a new one.
import { join } from 'node:path';
import { Worker, type Transferable } from 'node:worker_threads';

/** A reply as the thread posts it: the request's id, then its result's fields or an error. */
type Reply<Result> = Partial<Result> & { id: number; loaded?: boolean; error?: string };

export interface ModelThread<Request, Result> {
  /** Posts `request` (with `transfer` moved, not copied); resolves with the result's fields. */
  run(request: Request, transfer?: readonly Transferable[]): Promise<Result>;
  /** How many times the thread's session was created (once, unless the thread died). */
  loads(): number;
}

/**
 * The thread running `file` (next to this module). A reply is the result when `complete` says so;
 * otherwise (an error, or the thread died) the request fails with `${label}: ${error}`.
 */
export function modelThread<Request extends object, Result extends object>(
  file: string,
  label: string,
  complete: (reply: Partial<Result>) => boolean,
): ModelThread<Request, Result> {
  let loads = 0;
  let next = 1;
  let thread: { worker: Worker; pending: Map<number, (reply: Reply<Result>) => void> } | undefined;

  function start() {
    const worker = new Worker(join(__dirname, file));
    const state = { worker, pending: new Map<number, (reply: Reply<Result>) => void>() };
    worker.on('message', (reply: Reply<Result>) => {
      if (reply.loaded) loads++;
      state.pending.get(reply.id)?.(reply);
      state.pending.delete(reply.id);
      if (state.pending.size === 0) worker.unref();
    });
    worker.on('error', (error) => {
      for (const resolve of state.pending.values()) resolve({ id: 0, error: error.message } as Reply<Result>);
      state.pending.clear();
      thread = undefined;
    });
    worker.unref();
    return state;
  }

  return {
    run(request, transfer) {
      const state = (thread ??= start());
      const id = next++;
      return new Promise((resolve, reject) => {
        state.pending.set(id, (reply) => {
          const { id: _id, loaded: _loaded, error, ...result } = reply;
          if (complete(reply)) resolve(result as unknown as Result);
          else reject(new Error(`${label}: ${error}`));
        });
        state.worker.ref();
        state.worker.postMessage({ id, ...request }, transfer);
      });
    },
    loads: () => loads,
  };
}
