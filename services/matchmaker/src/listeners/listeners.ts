import { MATCHMAKER_MESSAGES, MATCHMAKER_TOPIC } from '@beatmatch/contracts';
import {
  aggregateStream,
  handleCommand,
  HttpProblem,
  type Caller,
  type EventStore,
} from '@beatmatch/platform';
import { toIntegrationEvents } from '../integration/publish';
import { listenerDecider, type ListenerCommand } from './businessLogic';
import {
  deviceListener,
  listenerStream,
  userListener,
  type ListenerEvent,
  type ListenerId,
} from './listener';
import { ListenerStates, type KnownState } from './states';

const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Whose call it is: the listener, and the signed-in user behind it (absent for a visitor's device). */
export interface CallingListener {
  listener: ListenerId;
  userId: string | undefined;
}

/**
 * The listeners' streams as the API uses them: who the caller is, and their commands (published on the
 * matchmaker topic). Holds the player's copy of states (./states.ts): any other command drops the copy
 * of its stream, so the player never decides on a state another path has changed.
 */
export class Listeners {
  private readonly states = new ListenerStates();

  constructor(
    readonly store: EventStore,
    readonly clock: () => Date,
  ) {}

  /** Decides `command` on the listener's stream and appends (and publishes) what it decided. */
  run(listener: ListenerId, command: ListenerCommand) {
    // Another path appends to the stream: the player's copy of its state is dropped, not patched.
    this.forget(listener);
    return handleCommand(this.store, listenerStream(listener), listenerDecider, command, {
      publish: {
        topic: MATCHMAKER_TOPIC,
        map: (events, _state, stream) => toIntegrationEvents(events, stream),
      },
    });
  }

  /**
   * The player's view of a listener: its copy when it has one, else the stream read now (`fresh`). A
   * copy may be behind: only an append at its version (`appendAt`) proves it current.
   */
  async current(listener: ListenerId): Promise<KnownState & { fresh: boolean }> {
    const known = this.states.get(listenerStream(listener));
    if (known) return { ...known, fresh: false };
    const { state, currentVersion } = await aggregateStream(
      this.store,
      listenerStream(listener),
      listenerDecider,
    );
    return { state, version: currentVersion, fresh: true };
  }

  /**
   * Appends (and publishes) `newEvents` at the version `known` was read at, and keeps the state after
   * them as the player's copy; a ConcurrencyError when the stream moved on since.
   */
  async appendAt(listener: ListenerId, known: KnownState, newEvents: ListenerEvent[]): Promise<void> {
    const stream = listenerStream(listener);
    const { nextExpectedVersion } = await this.store.appendToStream(stream, newEvents, {
      expectedVersion: known.version,
      outbox: { topic: MATCHMAKER_TOPIC, messages: toIntegrationEvents(newEvents, stream) },
    });
    this.states.set(stream, {
      state: newEvents.reduce(listenerDecider.evolve, known.state),
      version: nextExpectedVersion,
    });
  }

  /** Drops the player's copy of the listener's state (the next call reads the stream). */
  forget(listener: ListenerId): void {
    this.states.forget(listenerStream(listener));
  }

  /**
   * The listener of a call, from what the gateway vouches for (never from the body): the signed-in
   * user (the device this browser holds hands its activity over to them), or the visitor's device — the
   * uuid issued to this browser, from the gateway's signed device cookie (`caller.deviceId`). The body's
   * `uuid` (the spec's call shape) is validated but chooses nothing: another listener's uuid reads and
   * changes only the caller's own listener (README, "Listeners, visitors and sign-in").
   */
  async of(caller: Caller | undefined): Promise<CallingListener> {
    const userId = caller?.userId;
    const device = caller?.deviceId && DEVICE_ID.test(caller.deviceId) ? caller.deviceId : null;
    if (userId) {
      if (device) await this.takeOver(device, userId);
      return { listener: userListener(userId), userId };
    }
    if (!device) throw new HttpProblem(400, MATCHMAKER_MESSAGES.uuidRequired, 'uuid_required');
    return { listener: deviceListener(device), userId: undefined };
  }

  private async takeOver(deviceId: string, userId: string) {
    const device = deviceListener(deviceId);
    const { state } = await aggregateStream(this.store, listenerStream(device), listenerDecider);
    if (!state.active) return;
    const metadata = { now: this.clock() };
    await this.run(userListener(userId), { type: 'Merge', data: { deviceId, device: state }, metadata });
    await this.run(device, { type: 'HandOver', data: { userId }, metadata });
  }
}
