import { randomUUID } from 'node:crypto';
import { adminRoleMessages, type AdminRow } from '@beatmatch/contracts';
import { DomainError, handleCommand, type EventStore } from '@beatmatch/platform';
import type { IdentityQueries } from '../users/readModel';
import { adminActionStream, adminRoleStream, type AdminActionRecorded } from './adminRole';
import { adminRoleDecider, type AdminRoleCommand } from './businessLogic';
import type { AdminRoleQueries } from './readModel';

export interface AdminRoles {
  store: EventStore;
  users: IdentityQueries;
  roles: AdminRoleQueries;
  clock: () => Date;
}

async function userIdOf(users: IdentityQueries, email: string): Promise<string> {
  const user = await users.userByEmail(email.trim().toLowerCase());
  if (!user) throw new DomainError('no_such_user', adminRoleMessages.noSuchUser, 404);
  return user.user_id;
}

const run = (deps: AdminRoles, userId: string, type: AdminRoleCommand['type'], by: string) =>
  handleCommand(deps.store, adminRoleStream(userId), adminRoleDecider, {
    type,
    data: { by },
    metadata: { now: deps.clock() },
  });

/** Gives the admin role to the account with `email` (`by`: the granting admin's e-mail, or the command line). */
export async function grantAdmin(deps: AdminRoles, email: string, by: string): Promise<AdminRow[]> {
  await run(deps, await userIdOf(deps.users, email), 'GrantAdmin', by);
  return deps.roles.admins();
}

/**
 * Takes the admin role from the account with `email`. An admin cannot revoke the last admin (nobody
 * could then grant it again but the command line); the command line can.
 */
export async function revokeAdmin(
  deps: AdminRoles,
  email: string,
  by: string,
  options: { keepLastAdmin: boolean },
): Promise<AdminRow[]> {
  const userId = await userIdOf(deps.users, email);
  const admins = await deps.roles.admins();
  if (options.keepLastAdmin && admins.length === 1 && admins[0]!.userId === userId)
    throw new DomainError('last_admin', adminRoleMessages.lastAdmin, 409);
  await run(deps, userId, 'RevokeAdmin', by);
  return deps.roles.admins();
}

/** Appends one admin action to the log (its own stream, so concurrent actions never contend). */
export async function recordAdminAction(
  deps: Pick<AdminRoles, 'store'>,
  action: AdminActionRecorded['data'],
): Promise<void> {
  const event: AdminActionRecorded = { type: 'AdminActionRecorded', data: action };
  await deps.store.appendToStream(adminActionStream(randomUUID()), [event], { expectedVersion: 0 });
}
