import { randomUUID } from 'node:crypto';
import { identityMessages as messages } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';
import type { Accounts } from '../users/accounts';
import type { IdentityQueries } from '../users/readModel';
import { hashPassword } from '../users/secrets';
import { setupIsLive } from './guest';
import { executeGuestCommand, loadGuest } from './commands';

/*
 * A guest buyer's account set-up link, opened on the reset page (README "Guest checkout"): the page
 * suggests a username, and a password creates the verified account, then claims the guest's orders.
 */

const USERNAME = /^[A-Za-z0-9_.-]{3,30}$/;

/** A free username from the e-mail's local part (letters, digits, '_', '.', '-'; 3–30 long). */
export async function suggestedUsername(queries: IdentityQueries, email: string): Promise<string> {
  const local = email
    .split('@')[0]!
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 24);
  const base = local.length >= 3 ? local : `${local}buyer`.slice(0, 24);
  if (!(await queries.usernameTaken(base))) return base;
  for (let n = 2; n < 1000; n++) {
    const candidate = `${base.slice(0, 24)}-${n}`;
    if (!(await queries.usernameTaken(candidate))) return candidate;
  }
  return `${base.slice(0, 20)}-${randomUUID().slice(0, 8)}`;
}

export interface SetupLink {
  email: string;
  tokenId: string;
}

/** The reset page's check of a set-up link: live, and the username it suggests. */
export async function checkSetupLink(accounts: Accounts, link: SetupLink) {
  if (!setupIsLive(await loadGuest(accounts.store, link.email), link.tokenId, accounts.clock()))
    throw new DomainError('expired', messages.expired, 400);
  return { username: await suggestedUsername(accounts.queries, link.email) };
}

/** Sets a guest buyer's password: creates the verified account, then claims the guest's orders. */
export async function setUpAccount(
  accounts: Accounts,
  link: SetupLink,
  password: string,
  wantedUsername: string | null,
): Promise<void> {
  const { email, tokenId } = link;
  const now = accounts.clock();
  if (!setupIsLive(await loadGuest(accounts.store, email), tokenId, now))
    throw new DomainError('expired', messages.expired, 400);
  const claim = (userId: string) =>
    executeGuestCommand(accounts.store, email, {
      type: 'CompleteSetup',
      data: { tokenId, userId },
      metadata: { now },
    });
  const existing = await accounts.queries.userByEmail(email);
  if (existing) {
    // The e-mail got an account meanwhile (or a set-up stopped between its two steps): the link
    // proves the e-mail, so the purchases are that account's; its password is not changed here.
    await claim(existing.user_id);
    throw new DomainError('email_taken', messages.guestAccountExists, 409);
  }
  if (wantedUsername && !USERNAME.test(wantedUsername))
    throw new DomainError('username', "Username must be 3–30 letters, digits, '_', '.' or '-'.", 400);
  if (wantedUsername && (await accounts.queries.usernameTaken(wantedUsername)))
    throw new DomainError('username_taken', messages.usernameTaken, 409);
  const username = wantedUsername || (await suggestedUsername(accounts.queries, email));
  const userId = randomUUID();
  await accounts.execute(userId, {
    type: 'SetUpGuestAccount',
    data: { userId, username, email, passwordHash: await hashPassword(password) },
    metadata: { now },
  });
  await claim(userId);
}
