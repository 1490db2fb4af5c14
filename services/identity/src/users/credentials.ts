import { randomUUID } from 'node:crypto';
import { identityMessages as messages } from '@beatmatch/contracts';
import { DomainError, type EventStore } from '@beatmatch/platform';
import { loadUser } from './commands';
import { hashPassword, passwordMatches } from './secrets';
import type { IdentityQueries } from './readModel';

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
    const state = await loadUser(deps.store, row.user_id);
    if (state.status !== 'registered')
      throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
    return { userId: row.user_id, matches: await passwordMatches(state.passwordHash, password) };
  };
}
