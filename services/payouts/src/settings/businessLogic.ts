import type { PayoutMethodDetails } from '@beatmatch/contracts';
import type { Decider } from '@beatmatch/platform';
import { evolve, initialState, type PayoutSettings, type PayoutSettingsEvent } from './payoutSettings';

export type SaveWalletAddress = { type: 'SaveWalletAddress'; data: { address: string; split: number } };
export type RemoveWalletAddress = { type: 'RemoveWalletAddress'; data: Record<string, never> };
export type ChoosePayoutMethod = { type: 'ChoosePayoutMethod'; data: { details: PayoutMethodDetails } };
export type PayoutSettingsCommand = SaveWalletAddress | RemoveWalletAddress | ChoosePayoutMethod;

/** Saving what is already saved records nothing (Save is a no-op, not a new fact). */
export function saveWalletAddress(command: SaveWalletAddress, state: PayoutSettings): PayoutSettingsEvent[] {
  const { address, split } = command.data;
  if (state.wallet?.address === address && state.wallet.split === split) return [];
  return [{ type: 'WalletAddressSaved', data: { address, split } }];
}

/** Removing when nothing is saved records nothing (the answer says removed: false). */
export function removeWalletAddress(state: PayoutSettings): PayoutSettingsEvent[] {
  return state.wallet ? [{ type: 'WalletAddressRemoved', data: { address: state.wallet.address } }] : [];
}

export function choosePayoutMethod(command: ChoosePayoutMethod): PayoutSettingsEvent[] {
  return [{ type: 'PayoutMethodChosen', data: { details: command.data.details } }];
}

export function decide(command: PayoutSettingsCommand, state: PayoutSettings): PayoutSettingsEvent[] {
  switch (command.type) {
    case 'SaveWalletAddress':
      return saveWalletAddress(command, state);
    case 'RemoveWalletAddress':
      return removeWalletAddress(state);
    case 'ChoosePayoutMethod':
      return choosePayoutMethod(command);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const payoutSettingsDecider: Decider<PayoutSettings, PayoutSettingsCommand, PayoutSettingsEvent> = {
  decide,
  evolve,
  initialState,
};
