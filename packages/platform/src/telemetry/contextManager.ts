import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { trace, ROOT_CONTEXT, TraceFlags, type Context, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { isUnsampled } from './sampled';

/**
 * What runs outside a recorded trace: a context whose span the sampler left out (flags 00). Its ids are
 * made once per process and lead nowhere — no span is ever recorded under them, and the logger writes
 * ids only of recorded spans — but they are valid, so a call or a workflow started in it carries the
 * "not sampled" decision on, and the service or workflow at the other end records nothing either.
 */
export const LEFT_OUT_CONTEXT: Context = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: randomBytes(16).toString('hex'),
  spanId: randomBytes(8).toString('hex'),
  traceFlags: TraceFlags.NONE,
  isRemote: true,
});

/**
 * OpenTelemetry's context manager, with its AsyncLocalStorage on only while a recorded trace needs it.
 *
 * On Node 20 an AsyncLocalStorage, once entered, runs promise hooks for every promise the process makes,
 * whatever context it holds: about 7.5 % of a swipe's CPU (bench/matchmaker/README.md), more than the
 * rest of telemetry. Yet nine requests in ten are left out by the sampler and need no context: nothing
 * below them is recorded. So here:
 *
 * - Outside any stored context the active context is `LEFT_OUT_CONTEXT`, not the root: work that no
 *   entry point (an HTTP request, a consumed message, a workflow's activity) put into a recorded trace
 *   is left out, and never starts a trace of its own. A trace starts only where its parent is named
 *   explicitly (the HTTP server span starts from `ROOT_CONTEXT` for a request without `traceparent`).
 * - Entering a left-out context while none is stored stores nothing: the work runs as is, and
 *   `active()` still answers a left-out context.
 * - Entering any other context holds the storage on until the work's promise settles (or, for work that
 *   is not a promise, until it returned); `holdContext()` holds it for longer (a request, until its
 *   response closed). When the last hold is released the storage is disabled, and its hooks with it,
 *   until the next recorded trace enters. Resources made while it was off carry no context, which is
 *   right: they belong to left-out work.
 *
 * The cost: work a recorded trace leaves running after its own promise settled and its request closed
 * (a timer it set, a promise it did not await) may be left out once the storage is off: its spans are
 * missing from the trace, never parented wrongly. A rejection of a held promise is observed here, so
 * Node does not report it as unhandled.
 */
export class OnDemandContextManager extends AsyncLocalStorageContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  private holds = 0;
  private readonly release = () => {
    this.holds -= 1;
    if (this.holds === 0) this.storage.disable();
  };

  /** Whether the storage is on (a hold is taken): for tests and the bench. */
  get holding() {
    return this.holds > 0;
  }

  override active(): Context {
    return this.storage.getStore() ?? LEFT_OUT_CONTEXT;
  }

  override with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    active: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const work = thisArg == null ? fn : (fn.bind(thisArg) as F);
    if (this.storage.getStore() === undefined && isLeftOut(active)) return work(...args);
    this.holds += 1;
    let result: ReturnType<F>;
    try {
      result = this.storage.run(active, work, ...args);
    } catch (error) {
      this.release();
      throw error;
    }
    if (isThenable(result)) result.then(this.release, this.release);
    else this.release();
    return result;
  }

  /** Keeps the storage on until the returned function is called (once). */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release();
    };
  }

  override attach(active: Context) {
    const previous = this.storage.getStore();
    const release = this.hold();
    this.storage.enterWith(active);
    return {
      dispose: () => {
        this.storage.enterWith(previous ?? LEFT_OUT_CONTEXT);
        release();
      },
    };
  }

  override disable() {
    this.storage.disable();
    this.holds = 0;
    return this;
  }
}

const isLeftOut = (active: Context) =>
  active === LEFT_OUT_CONTEXT || isUnsampled(trace.getSpanContext(active));

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

let installed: OnDemandContextManager | undefined;

/** The manager `startTelemetry` installs, made here so `holdContext` finds it (forgotten on stop). */
export function installContextManager() {
  installed = new OnDemandContextManager();
  return installed;
}

/** The installed manager, if telemetry runs (tests). */
export const installedContextManager = () => installed;

export function forgetContextManager() {
  installed = undefined;
}

/**
 * The active span, read from the installed manager: what `trace.getActiveSpan()` answers, without the
 * API's lookup of its global registration on each call (the span helpers ask on every query and append).
 */
export function activeSpan(): Span | undefined {
  return installed ? trace.getSpan(installed.active()) : undefined;
}

/** A span whose trace the sampler left out, or no real span: nothing below it is recorded. */
export const isLeftOutSpan = (span: Span) => (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0;

const NO_HOLD = () => {};

/**
 * Keeps the context storage on until the returned function is called: for a recorded request, whose
 * handler returns before its work is done. A no-op without telemetry.
 */
export function holdContext(): () => void {
  return installed ? installed.hold() : NO_HOLD;
}
