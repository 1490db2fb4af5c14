import { TOKEN_PAYOUTS_NOT_CONFIGURED, type CallAnswer } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';
import { computedPayouts, sendPayouts, type PayoutPorts } from '../runs/pay';
import { NonceTakenError } from './treasury';
import { tokensShown } from './units';

/**
 * 'Correct remaining tokens' (producer-side spec §2): the treasury reconciles every transfer still
 * pending against the chain now, then each $BEAT payout whose transfer is settled but not yet recorded
 * is recorded as the pay run records it (sendPayouts: confirmed → paid and posted to the ledger,
 * reverted → returned, never leaving the balance; at most once, however often this runs). Last, the
 * treasury's balance is compared with its journal; a difference is reported, never minted or burnt
 * away: an operator investigates.
 */
export async function correctRemainingTokens(
  ports: PayoutPorts,
): Promise<CallAnswer<'correct_remaining_tokens'>> {
  const treasury = ports.treasury;
  if (!treasury) throw new HttpProblem(409, TOKEN_PAYOUTS_NOT_CONFIGURED);
  const reconciliation = await treasury.reconcile().catch((error: unknown) => {
    if (error instanceof NonceTakenError) throw new HttpProblem(409, error.message);
    throw error;
  });
  const settled = await treasury.transfersOf(await computedPayouts(ports, null, 'token'));
  await sendPayouts(
    ports,
    settled.map((transfer) => transfer.payoutId),
  );
  const statuses = reconciliation.checked.map((transfer) => transfer.status);
  const { heldUnits, journalUnits } = reconciliation;
  const drift = journalUnits === null ? 0n : heldUnits - journalUnits;
  return {
    checked: statuses.length,
    confirmed: statuses.filter((status) => status === 'confirmed').length,
    returned: statuses.filter((status) => status === 'failed').length,
    waiting: statuses.filter((status) => status === 'pending').length,
    held: tokensShown(heldUnits),
    journal: journalUnits === null ? 'unknown' : drift === 0n ? 'same' : drift > 0n ? 'more' : 'less',
    difference: tokensShown(drift < 0n ? -drift : drift),
  };
}
