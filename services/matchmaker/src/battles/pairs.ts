import { randomInt } from 'node:crypto';
import { BATTLE_MESSAGES as M, callUrl } from '@beatmatch/contracts';
import type { Caller } from '@beatmatch/platform';
import { pairKey } from './battle';
import { summaryOf, type BattleDeps } from './battles';

const audioUrl = (battleId: string, entryId: string) =>
  `${callUrl('beat_battle_entry_audio')}?${new URLSearchParams({ battleId, entryId })}`;

/**
 * The battleground's next pair for a listener: two entries, neither their own, that this account and
 * this device have not voted on, preferring the pairs with the fewest votes so every entry is heard
 * about as often; which one plays first is random. Entries go out by entry id only (anonymous).
 */
export async function nextPair(
  deps: Pick<BattleDeps, 'queries' | 'clock'>,
  caller: Caller,
  battleId: string,
) {
  const summary = await summaryOf(deps, battleId);
  const voted = await deps.queries.votedPairs(battleId, caller.userId!, caller.deviceId ?? null);
  const answer = (message: string) => ({ pair: null, message, votesCast: voted.size });
  if (summary.phase === 'closed') return answer(M.votingClosed);
  const entries = await deps.queries.entries(battleId);
  if (entries.length < 2) return answer(M.tooFewEntries);
  const others = entries
    .filter((entry) => entry.producer_id !== caller.userId)
    .map((entry) => entry.entry_id);
  const voteCounts = new Map<string, number>();
  for (const vote of await deps.queries.votes(battleId)) {
    const key = pairKey(vote.winnerEntryId, vote.loserEntryId);
    voteCounts.set(key, (voteCounts.get(key) ?? 0) + 1);
  }
  const unvoted: [string, string][] = [];
  for (let i = 0; i < others.length; i++)
    for (let j = i + 1; j < others.length; j++)
      if (!voted.has(pairKey(others[i]!, others[j]!))) unvoted.push([others[i]!, others[j]!]);
  if (unvoted.length === 0) return answer(M.noPairLeft);
  const fewest = Math.min(...unvoted.map(([a, b]) => voteCounts.get(pairKey(a, b)) ?? 0));
  const least = unvoted.filter(([a, b]) => (voteCounts.get(pairKey(a, b)) ?? 0) === fewest);
  const [a, b] = least[randomInt(least.length)]!;
  const [first, second] = randomInt(2) === 0 ? [a, b] : [b, a];
  return {
    pair: [
      { entryId: first, audioUrl: audioUrl(battleId, first) },
      { entryId: second, audioUrl: audioUrl(battleId, second) },
    ] as [{ entryId: string; audioUrl: string }, { entryId: string; audioUrl: string }],
    message: null,
    votesCast: voted.size,
  };
}
