import { aggregateStream, handleCommand, type EventStore } from '@beatmatch/platform';
import { guestDecider, type GuestCommand } from './businessLogic';
import { guestStream, type GuestState } from './guest';
import { guestPublication } from '../integration/publish';

/** Runs one command on a guest buyer's stream, publishing through the outbox in the same transaction. */
export const executeGuestCommand = (store: EventStore, email: string, command: GuestCommand) =>
  handleCommand(store, guestStream(email), guestDecider, command, { publish: guestPublication });

/** A guest buyer's stream as it is now. */
export const loadGuest = async (store: EventStore, email: string): Promise<GuestState> =>
  (await aggregateStream(store, guestStream(email), guestDecider)).state;
