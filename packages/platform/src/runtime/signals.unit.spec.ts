import { EventEmitter } from 'node:events';
import { onStopSignal } from './signals';

function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return {
    target: Object.assign(emitter, { exit: (code?: number) => void exits.push(code ?? 0) }) as never,
    emitter,
    exits,
  };
}

describe('onStopSignal', () => {
  it('stops once when SIGINT arrives twice (Ctrl-C through a forwarding parent) and keeps handling', async () => {
    const { target, emitter } = fakeProcess();
    const calls: string[] = [];
    let finish!: () => void;
    const logs: string[] = [];
    onStopSignal(
      (signal) => {
        calls.push(signal);
        return new Promise<void>((resolve) => (finish = resolve));
      },
      target,
      (message) => logs.push(message),
    );
    emitter.emit('SIGINT', 'SIGINT');
    emitter.emit('SIGINT', 'SIGINT');
    emitter.emit('SIGTERM', 'SIGTERM');
    expect(calls).toEqual(['SIGINT']);
    // A handler is still installed for every later signal, so Node's default (kill) never runs.
    expect(emitter.listenerCount('SIGINT')).toBe(1);
    expect(emitter.listenerCount('SIGTERM')).toBe(1);
    expect(logs).toHaveLength(2);
    finish();
  });

  it('ends the process with code 1 when the stop fails', async () => {
    const { target, emitter, exits } = fakeProcess();
    onStopSignal(
      async () => {
        throw new Error('boom');
      },
      target,
      () => undefined,
    );
    emitter.emit('SIGTERM', 'SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1]);
  });
});
