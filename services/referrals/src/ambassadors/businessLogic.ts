import { REFERRAL_MESSAGES } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import { evolveAmbassador, initialAmbassador, type Ambassador, type AmbassadorEvent } from './ambassador';

export type AmbassadorCommand =
  | { type: 'apply'; userId: string; message: string; now: Date }
  | { type: 'grant'; userId: string; now: Date }
  | { type: 'revoke'; userId: string; now: Date };

/**
 * An ambassador does not apply again; granting an ambassador or revoking a non-ambassador changes
 * nothing (an admin's double click records one change).
 */
export function decideAmbassador(command: AmbassadorCommand, state: Ambassador): AmbassadorEvent[] {
  const at = command.now.toISOString();
  const { userId } = command;
  switch (command.type) {
    case 'apply':
      if (state.ambassador)
        throw new DomainError('alreadyAmbassador', REFERRAL_MESSAGES.alreadyAmbassador, 409);
      return [{ type: 'AmbassadorApplied', data: { userId, message: command.message, appliedAt: at } }];
    case 'grant':
      return state.ambassador ? [] : [{ type: 'AmbassadorGranted', data: { userId, grantedAt: at } }];
    case 'revoke':
      return state.ambassador ? [{ type: 'AmbassadorRevoked', data: { userId, revokedAt: at } }] : [];
  }
}

export const ambassadorDecider: Decider<Ambassador, AmbassadorCommand, AmbassadorEvent> = {
  decide: decideAmbassador,
  evolve: evolveAmbassador,
  initialState: initialAmbassador,
};
