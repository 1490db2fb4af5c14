import { setImmediate as nextTurn } from 'node:timers/promises';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import {
  holdContext,
  installedContextManager,
  LEFT_OUT_CONTEXT,
  OnDemandContextManager,
} from './contextManager';
import { inNewTrace, startTelemetry, stopTelemetry } from './telemetry';

/**
 * The context manager telemetry installs keeps its AsyncLocalStorage on only while recorded work runs:
 * outside it the active context is the left-out one, and entering a left-out context stores nothing.
 */
let manager: OnDemandContextManager;
beforeAll(() => {
  startTelemetry({ serviceName: 'context-test', exporter: new InMemorySpanExporter() });
  manager = installedContextManager()!;
});
afterAll(() => stopTelemetry());

const unsampled = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: '1'.repeat(32),
  spanId: '2'.repeat(16),
  traceFlags: TraceFlags.NONE,
  isRemote: true,
});
const recorded = trace.setSpanContext(ROOT_CONTEXT, {
  traceId: '3'.repeat(32),
  spanId: '4'.repeat(16),
  traceFlags: TraceFlags.SAMPLED,
  isRemote: true,
});

it('is the manager telemetry installs, and outside any work the active context is the left-out one', () => {
  expect(manager).toBeInstanceOf(OnDemandContextManager);
  // The manager OpenTelemetry's API uses: what it answers is what this one stores.
  expect(context.with(recorded, () => manager.active())).toBe(recorded);
  expect(context.active()).toBe(LEFT_OUT_CONTEXT);
  expect(trace.getActiveSpan()?.spanContext().traceFlags).toBe(TraceFlags.NONE);
  expect(manager.holding).toBe(false);
});

it('stores nothing for left-out work: the storage stays off', async () => {
  const seen = await context.with(unsampled, async () => {
    const during = manager.holding;
    await nextTurn();
    return { during, active: context.active() };
  });
  expect(seen).toEqual({ during: false, active: LEFT_OUT_CONTEXT });
});

it("keeps a recorded context through its work's awaits, then turns the storage off", async () => {
  const seen = await context.with(recorded, async () => {
    await nextTurn();
    await Promise.resolve();
    return { active: context.active(), holding: manager.holding };
  });
  expect(seen).toEqual({ active: recorded, holding: true });
  await nextTurn();
  expect(manager.holding).toBe(false);
  expect(context.active()).toBe(LEFT_OUT_CONTEXT);
});

it('lets left-out work beside recorded work see no recorded context', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const recordedWork = context.with(recorded, async () => {
    await gate;
    return context.active();
  });
  // Started outside it while the storage is on: it must not inherit the recorded context.
  const leftOutWork = (async () => {
    await nextTurn();
    return context.active();
  })();
  expect(await leftOutWork).toBe(LEFT_OUT_CONTEXT);
  release();
  expect(await recordedWork).toBe(recorded);
});

it('holds the storage past a handler that returns before its work is done, until it is released', async () => {
  const done = new Promise<unknown>((resolve) => {
    const release = holdContext();
    context.with(recorded, () => {
      setTimeout(() => {
        resolve(context.active());
        release();
      }, 5);
    });
  });
  expect(manager.holding).toBe(true);
  expect(await done).toBe(recorded);
  expect(manager.holding).toBe(false);
});

it('releases the storage when the work throws or rejects', async () => {
  expect(() =>
    context.with(recorded, () => {
      throw new Error('sync');
    }),
  ).toThrow('sync');
  await expect(context.with(recorded, () => Promise.reject(new Error('async')))).rejects.toThrow('async');
  await nextTurn();
  expect(manager.holding).toBe(false);
});

it('records a new trace entered from left-out work, and only that one', async () => {
  const traceIds = await inNewTrace('job', {}, async (span) => {
    await nextTurn();
    return [span.spanContext().traceId, trace.getActiveSpan()?.spanContext().traceId];
  });
  expect(traceIds[0]).toBe(traceIds[1]);
  expect(traceIds[0]).not.toBe(trace.getSpanContext(LEFT_OUT_CONTEXT)?.traceId);
});
