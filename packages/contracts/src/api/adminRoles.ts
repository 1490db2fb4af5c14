import { z } from 'zod';
import { declareCall } from './call';

/*
 * Roles (issue 26): the admin role is identity's. The gateway carries a signed-in caller's roles in
 * its signed token, and handleCall refuses every `access: 'admin'` call to a caller without the role.
 */

export const ROLES = ['admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The answer of an admin call to a signed-in caller without the role (403). */
export const ADMIN_ONLY_MESSAGE = 'This is for administrators only.';

export const adminRoleMessages = {
  noSuchUser: 'No account has this e-mail.',
  lastAdmin: 'The last admin cannot be revoked.',
} as const;

const adminRow = z.object({
  userId: z.string(),
  email: z.string(),
  userName: z.string(),
  /** Who granted it: an admin's e-mail, or 'command line'. */
  grantedBy: z.string(),
  grantedAt: z.string(),
});
export const adminsAnswer = z.object({ admins: z.array(adminRow) });
export type AdminRow = z.infer<typeof adminRow>;

const adminAction = z.object({
  at: z.string(),
  /** The admin's e-mail (or 'command line' for grants from the shell). */
  by: z.string(),
  /** The call's name, e.g. populate_payouts or admin_roles_grant. */
  action: z.string(),
  /** The HTTP status the call answered. */
  status: z.number().int(),
  /** 'succeeded' (2xx) or 'failed'. */
  outcome: z.enum(['succeeded', 'failed']),
  /** What it was asked (the request, as sent) and, on failure, the message. */
  detail: z.string(),
});
export const adminActionsAnswer = z.object({ actions: z.array(adminAction) });
export type AdminAction = z.infer<typeof adminAction>;

const emailRequest = z.object({ email: z.email('Enter a valid email address.').max(320) });

/** The admin role's calls (identity): who holds it, grant, revoke, and the log of admin actions. */
export const adminRoleCalls = {
  admin_roles_list: declareCall({
    service: 'identity',
    path: '/admin/roles',
    method: 'post',
    summary: 'Admin: the users holding the admin role',
    access: 'admin',
    answer: adminsAnswer,
    readsOnly: true,
  }),
  admin_roles_grant: declareCall({
    service: 'identity',
    path: '/admin/roles/grant',
    method: 'post',
    summary: 'Admin: give the admin role to the account with this e-mail',
    access: 'admin',
    request: emailRequest,
    answer: adminsAnswer,
  }),
  admin_roles_revoke: declareCall({
    service: 'identity',
    path: '/admin/roles/revoke',
    method: 'post',
    summary: 'Admin: take the admin role from the account with this e-mail (never the last admin)',
    access: 'admin',
    request: emailRequest,
    answer: adminsAnswer,
  }),
  admin_actions: declareCall({
    service: 'identity',
    path: '/admin/actions',
    method: 'post',
    summary: 'Admin: the latest 200 admin actions (who, what, when, outcome), newest first',
    access: 'admin',
    answer: adminActionsAnswer,
    readsOnly: true,
  }),
} as const;
