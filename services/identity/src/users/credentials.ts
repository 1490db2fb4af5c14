import { randomUUID } from 'node:crypto';
import { identityMessages as messages } from '@beatmatch/contracts';
import { aggregateStream, DomainError } from '@beatmatch/platform';
import { userDecider } from './businessLogic';
import { userStream, type User, type UserEvent } from './user';
import { hashPassword, passwordMatches } from './secrets';
import type { IdentityQueries } from './readModel';
import type { EventStore } from '@beatmatch/platform';

/**
 * Checks an e-mail and password for login and resend. An unknown e-mail, an account that is not
 * registered and a wrong password all end in the same message, and an unknown e-mail still pays for
 * one argon2 verify, so neither the answer nor its timing tells whether an account exists. A wrong
 * password is not thrown here: the decider records it (and counts it) on the user's stream.
 */
export function credentialsChecker(deps: { store: EventStore; queries: IdentityQueries }) {
  const dummyHash = hashPassword(randomUUID());
  return async function checkCredentials(email: string, password: string) {
    const row = await deps.queries.userByEmail(email);
    if (!row) {
      await passwordMatches(await dummyHash, password);
      throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
    }
    const { state } = await aggregateStream<User, UserEvent>(
      deps.store,
      userStream(row.user_id),
      userDecider,
    );
    if (state.status !== 'registered')
      throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
    return { userId: row.user_id, matches: await passwordMatches(state.passwordHash, password) };
  };
}
