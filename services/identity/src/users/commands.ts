import { aggregateStream, handleCommand, type EventStore, type HandleResult } from '@beatmatch/platform';
import { userDecider, type UserCommand } from './businessLogic';
import { userStream, type User, type UserEvent } from './user';
import { identityPublication } from '../integration/publish';

/** Runs one command on a user's stream, publishing through the outbox in the same transaction. */
export type ExecuteUserCommand = (
  userId: string,
  command: UserCommand,
) => Promise<HandleResult<User, UserEvent>>;

export const userCommandRunner =
  (store: EventStore): ExecuteUserCommand =>
  (userId, command) =>
    handleCommand(store, userStream(userId), userDecider, command, { publish: identityPublication });

/** A user as its stream says now (for checks that decide nothing). */
export const loadUser = async (store: EventStore, userId: string): Promise<User> =>
  (await aggregateStream<User, UserEvent>(store, userStream(userId), userDecider)).state;
