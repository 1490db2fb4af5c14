import type { PayoutMethodDetails } from '@beatmatch/contracts';

/*
 * A producer's payout settings (one stream each): the $BEAT wallet with its split, and the fiat
 * method chosen at onboarding with what that method needs.
 */

export type WalletAddressSaved = { type: 'WalletAddressSaved'; data: { address: string; split: number } };
export type WalletAddressRemoved = { type: 'WalletAddressRemoved'; data: { address: string } };
export type PayoutMethodChosen = { type: 'PayoutMethodChosen'; data: { details: PayoutMethodDetails } };
export type PayoutSettingsEvent = WalletAddressSaved | WalletAddressRemoved | PayoutMethodChosen;

export interface PayoutSettings {
  wallet: { address: string; split: number } | null;
  method: PayoutMethodDetails | null;
}

export const initialState = (): PayoutSettings => ({ wallet: null, method: null });

export function evolve(state: PayoutSettings, event: PayoutSettingsEvent): PayoutSettings {
  switch (event.type) {
    case 'WalletAddressSaved':
      return { ...state, wallet: { ...event.data } };
    case 'WalletAddressRemoved':
      return { ...state, wallet: null };
    case 'PayoutMethodChosen':
      return { ...state, method: event.data.details };
  }
}

export const payoutSettingsStream = (producerId: string) => `payoutSettings:${producerId}`;
