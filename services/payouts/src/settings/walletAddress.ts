import { getAddress, isAddress } from 'viem';
import { WALLET_ADDRESS_MESSAGES } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';

/**
 * The wallet address in its EIP-55 form. A mixed-case address carries a checksum and must match it
 * (one mistyped character is caught); an all-lower or all-upper one carries none and is accepted.
 */
export function checksummedWalletAddress(address: string): string {
  if (!isAddress(address, { strict: true }))
    throw new DomainError('invalid_address', WALLET_ADDRESS_MESSAGES.invalid, 400);
  return getAddress(address);
}
