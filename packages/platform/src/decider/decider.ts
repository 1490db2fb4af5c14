import type { OutgoingMessage } from '../bus/port';
import { ConcurrencyError, type DomainEvent, type EventStore } from '../eventstore/port';

/** An aggregate as a pure decider (ARCHITECTURE.md rule 2); the shape matches Emmett's Decider. */
export interface Decider<State, Command, Event extends DomainEvent> {
  decide(command: Command, state: State): Event | Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** A business rule said no. Mapped to a 4xx problem at the edge; `message` is user-facing text. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 = 400,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export interface HandleOptions<State, Event extends DomainEvent> {
  /** Maps the new domain events to integration events, written to the outbox in the same transaction. */
  publish?: { topic: string; map(events: Event[], state: State, streamName: string): OutgoingMessage[] };
  /** How often to re-read and re-decide after a concurrent write (default 3). */
  retries?: number;
}

export interface HandleResult<State, Event> {
  newEvents: Event[];
  newState: State;
  nextExpectedVersion: number;
}

/** Read the stream, fold it, decide, append with the version read; retry on a concurrent append. */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleOptions<State, Event> = {},
): Promise<HandleResult<State, Event>> {
  const attempts = (options.retries ?? 3) + 1;
  for (let attempt = 1; ; attempt++) {
    const { events, currentVersion } = await store.readStream<Event>(streamName);
    const state = events.reduce(
      (current, recorded) => decider.evolve(current, { type: recorded.type, data: recorded.data } as Event),
      decider.initialState(),
    );
    const decided = decider.decide(command, state);
    const newEvents = Array.isArray(decided) ? decided : [decided];
    const newState = newEvents.reduce(decider.evolve, state);
    try {
      const outbox = options.publish
        ? { topic: options.publish.topic, messages: options.publish.map(newEvents, newState, streamName) }
        : undefined;
      const { nextExpectedVersion } = await store.appendToStream(streamName, newEvents, {
        expectedVersion: currentVersion,
        ...(outbox ? { outbox } : {}),
      });
      return { newEvents, newState, nextExpectedVersion };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < attempts) continue;
      throw error;
    }
  }
}

/** Folds a stream into state without deciding (queries that need the aggregate's view). */
export async function aggregateStream<State, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>,
): Promise<{ state: State; currentVersion: number }> {
  const { events, currentVersion } = await store.readStream<Event>(streamName);
  const state = events.reduce(
    (current, recorded) => decider.evolve(current, { type: recorded.type, data: recorded.data } as Event),
    decider.initialState(),
  );
  return { state, currentVersion };
}
