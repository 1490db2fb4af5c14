/*
 * The admin role (issue 26), one stream per user (`adminRole:<userId>`), and the log of admin actions,
 * one stream per action (`adminAction:<id>`: appends never contend). Internal to identity.
 */

/** Who granted or revoked: an admin's e-mail, or COMMAND_LINE for `npx beatmatch admin`. */
export const COMMAND_LINE = 'command line';

export type AdminGranted = { type: 'AdminGranted'; data: { grantedBy: string; grantedAt: string } };
export type AdminRevoked = { type: 'AdminRevoked'; data: { revokedBy: string; revokedAt: string } };
export type AdminRoleEvent = AdminGranted | AdminRevoked;

export type AdminActionRecorded = {
  type: 'AdminActionRecorded';
  data: { at: string; by: string; action: string; status: number; detail: string };
};

export interface AdminRole {
  admin: boolean;
}

export const adminRoleStream = (userId: string) => `adminRole:${userId}`;
export const adminActionStream = (actionId: string) => `adminAction:${actionId}`;
export const initialAdminRole = (): AdminRole => ({ admin: false });

export function evolveAdminRole(_state: AdminRole, event: AdminRoleEvent): AdminRole {
  return { admin: event.type === 'AdminGranted' };
}
