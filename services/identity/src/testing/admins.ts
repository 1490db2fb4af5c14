import { randomUUID } from 'node:crypto';
import type { EventStore, SqlDatabase } from '@beatmatch/platform';
import { userStream, type UserRegistered } from '../users/user';
import { adminFromCommandLine } from '../roles/commandLine';

/**
 * Test accounts and admins. An e2e test makes a signed-up user an admin the way an operator does,
 * with the command line's use case on the app's database: `makeAdmin(system.db, 'identity', email)`;
 * the gateway's next session lookup (within its 10-s cache) carries the role.
 */
export const makeAdmin = (db: SqlDatabase, schema: string, email: string) =>
  adminFromCommandLine(db, schema, 'grant', email);

/** A registered account (its UserRegistered event), for suites that need users but not sign-up. */
export async function registerUser(
  store: EventStore,
  username: string,
): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `${username}@beatmatch.test`;
  const event: UserRegistered = {
    type: 'UserRegistered',
    data: {
      userId,
      username,
      email,
      passwordHash: 'unused',
      referralCode: null,
      registeredAt: new Date().toISOString(),
    },
  };
  await store.appendToStream(userStream(userId), [event], { expectedVersion: 0 });
  return { userId, email };
}
