import type { ListenerState } from './listener';

/** A listener's folded stream and the version it was folded at. */
export interface KnownState {
  state: ListenerState;
  version: number;
}

/**
 * The player's copy of listeners' states (folded stream + version) after its own appends, so the next
 * call of a listener does not read the stream again. A copy is only a guess: the append at its version
 * fails when the stream moved on (another replica, another path), and the call reads the stream then.
 * The least recently used listeners are dropped past `max`.
 */
export class ListenerStates {
  private readonly states = new Map<string, KnownState>();

  constructor(private readonly max = 10_000) {}

  get(stream: string) {
    const known = this.states.get(stream);
    if (known) {
      this.states.delete(stream);
      this.states.set(stream, known);
    }
    return known;
  }

  set(stream: string, known: KnownState) {
    this.states.delete(stream);
    this.states.set(stream, known);
    if (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
  }

  forget(stream: string) {
    this.states.delete(stream);
  }
}
