import { randomUUID } from 'node:crypto';
import { identityMessages as messages } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';
import type { Accounts } from './accounts';
import { loadUser } from './commands';
import type { OpenedLink } from './links';
import { RESET_TTL_MINUTES } from './mails';
import { hashPassword } from './secrets';
import { checkSetupLink, setUpAccount } from '../guests/accountSetup';

/*
 * Reset links (artist-side spec §2): forgot-password requests a link (mailed through the outbox by
 * mail/sender.ts, a JWT naming the user and the pending reset's token id, see links.ts), the reset
 * page checks it, and a new password uses it up. Only the newest link of a user is live. The same
 * page serves a guest buyer's account set-up link (guests/accountSetup.ts).
 */

/** Requests a reset link for the e-mail's account; an e-mail without one is ignored. */
export async function requestPasswordReset(accounts: Accounts, email: string): Promise<void> {
  const row = await accounts.queries.userByEmail(email);
  if (!row) return;
  const now = accounts.clock();
  // The link's mail is requested through the outbox with this event (mail/sender.ts builds it).
  await accounts.execute(row.user_id, {
    type: 'RequestPasswordReset',
    data: { tokenId: randomUUID(), expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000) },
    metadata: { now },
  });
}

/** Whether the reset page may show its form for the link, and for which username. */
export async function checkLink(
  accounts: Accounts,
  link: OpenedLink,
): Promise<{ response: 'success'; username: string; setup?: true }> {
  if (link.kind === 'setup') {
    const { username } = await checkSetupLink(accounts, link);
    return { response: 'success', username, setup: true };
  }
  const state = await loadUser(accounts.store, link.userId);
  const live =
    state.status === 'registered' &&
    state.pendingReset?.tokenId === link.tokenId &&
    new Date(state.pendingReset.expiresAt) > accounts.clock();
  if (!live || state.status !== 'registered') throw new DomainError('expired', messages.expired, 400);
  return { response: 'success', username: state.username };
}

/** Sets the new password with the link (a set-up link creates the guest buyer's account); the message to show. */
export async function resetPassword(
  accounts: Accounts,
  link: OpenedLink,
  input: { password: string; username?: string | null | undefined },
): Promise<string> {
  if (link.kind === 'setup') {
    await setUpAccount(accounts, link, input.password, input.username?.trim() || null);
    return messages.guestAccountSetUp;
  }
  await accounts.execute(link.userId, {
    type: 'ResetPassword',
    data: { tokenId: link.tokenId, passwordHash: await hashPassword(input.password) },
    metadata: { now: accounts.clock() },
  });
  return messages.passwordReset;
}
