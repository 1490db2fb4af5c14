/**
 * The ambassador role of one user (stream `ambassador:<userId>`): applications from the perks panel,
 * and the role an admin grants or revokes (producer-side spec §2, §6; issue 23 item 4). Internal to
 * referrals: ambassadors earn the revenue share (../rewards/rule.ts).
 */
export type AmbassadorApplied = {
  type: 'AmbassadorApplied';
  data: { userId: string; message: string; appliedAt: string };
};
export type AmbassadorGranted = {
  type: 'AmbassadorGranted';
  data: { userId: string; grantedAt: string };
};
export type AmbassadorRevoked = {
  type: 'AmbassadorRevoked';
  data: { userId: string; revokedAt: string };
};

export type AmbassadorEvent = AmbassadorApplied | AmbassadorGranted | AmbassadorRevoked;

export interface Ambassador {
  ambassador: boolean;
}

export const initialAmbassador = (): Ambassador => ({ ambassador: false });

export function evolveAmbassador(state: Ambassador, event: AmbassadorEvent): Ambassador {
  switch (event.type) {
    case 'AmbassadorApplied':
      return state;
    case 'AmbassadorGranted':
      return { ambassador: true };
    case 'AmbassadorRevoked':
      return { ambassador: false };
  }
}

export const ambassadorStream = (userId: string) => `ambassador:${userId}`;
