import type { Decider } from '@beatmatch/platform';
import { evolveAdminRole, initialAdminRole, type AdminRole, type AdminRoleEvent } from './adminRole';

export type GrantAdmin = { type: 'GrantAdmin'; data: { by: string }; metadata: { now: Date } };
export type RevokeAdmin = { type: 'RevokeAdmin'; data: { by: string }; metadata: { now: Date } };
export type AdminRoleCommand = GrantAdmin | RevokeAdmin;

/** Granting a role held, or revoking one not held, records nothing: the command line may repeat. */
export function decide(command: AdminRoleCommand, state: AdminRole): AdminRoleEvent[] {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'GrantAdmin':
      return state.admin
        ? []
        : [{ type: 'AdminGranted', data: { grantedBy: command.data.by, grantedAt: at } }];
    case 'RevokeAdmin':
      return state.admin
        ? [{ type: 'AdminRevoked', data: { revokedBy: command.data.by, revokedAt: at } }]
        : [];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown admin role command ${JSON.stringify(unknown)}`);
    }
  }
}

export const adminRoleDecider: Decider<AdminRole, AdminRoleCommand, AdminRoleEvent> = {
  decide,
  evolve: evolveAdminRole,
  initialState: initialAdminRole,
};
