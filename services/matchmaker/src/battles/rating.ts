import type { BattleVote } from './battle';

/*
 * The leaderboard's rating: Bradley–Terry, fitted by maximum likelihood with Hunter's MM iterations.
 * Chosen over Elo because a battle's votes are one fixed set of comparisons, not a season of games:
 * Bradley–Terry gives the same ratings whatever order the votes came in (Elo would favour entries
 * whose wins came late, and punish entries submitted after the first votes), and it weighs a win by
 * the strength of the entry beaten. Each entry also plays two virtual games, one won and one lost,
 * against an average entry, so an entry with only wins (or none) still gets a finite rating and a
 * handful of votes moves it less than many. Shown on the Elo scale: 1500 is average, +400 is ten
 * times as likely to be chosen.
 */

export interface EntryStanding {
  entryId: string;
  /** Bradley–Terry strength on the Elo scale. */
  rating: number;
  votes: number;
  wins: number;
}

const AVERAGE = 1;
const VIRTUAL_GAMES = 2;
const ITERATIONS = 500;
const TOLERANCE = 1e-9;

function gamesBetween(entryIds: readonly string[], votes: readonly BattleVote[]) {
  const index = new Map(entryIds.map((id, at) => [id, at]));
  const games = entryIds.map(() => new Map<number, number>());
  const wins = entryIds.map(() => 0);
  const played = entryIds.map(() => 0);
  for (const vote of votes) {
    const winner = index.get(vote.winnerEntryId);
    const loser = index.get(vote.loserEntryId);
    if (winner === undefined || loser === undefined || winner === loser) continue;
    wins[winner]! += 1;
    played[winner]! += 1;
    played[loser]! += 1;
    games[winner]!.set(loser, (games[winner]!.get(loser) ?? 0) + 1);
    games[loser]!.set(winner, (games[loser]!.get(winner) ?? 0) + 1);
  }
  return { games, wins, played };
}

/** The strengths that make the votes most likely (one per entry, in entryIds' order). */
export function bradleyTerryStrengths(entryIds: readonly string[], votes: readonly BattleVote[]): number[] {
  const { games, wins } = gamesBetween(entryIds, votes);
  let strengths = entryIds.map(() => AVERAGE);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    let largestChange = 0;
    strengths = strengths.map((strength, i) => {
      let denominator = VIRTUAL_GAMES / (strength + AVERAGE);
      for (const [j, count] of games[i]!) denominator += count / (strength + strengths[j]!);
      const next = (wins[i]! + VIRTUAL_GAMES / 2) / denominator;
      largestChange = Math.max(largestChange, Math.abs(next - strength));
      return next;
    });
    if (largestChange < TOLERANCE) break;
  }
  return strengths;
}

/** Entries ranked best first: by rating, then wins, then the order they were entered in. */
export function standings(entryIds: readonly string[], votes: readonly BattleVote[]): EntryStanding[] {
  const strengths = bradleyTerryStrengths(entryIds, votes);
  const { wins, played } = gamesBetween(entryIds, votes);
  return entryIds
    .map((entryId, i) => ({
      entryId,
      rating: Math.round(1500 + 400 * Math.log10(strengths[i]!)),
      votes: played[i]!,
      wins: wins[i]!,
      order: i,
    }))
    .sort((a, b) => b.rating - a.rating || b.wins - a.wins || a.order - b.order)
    .map(({ order: _order, ...standing }) => standing);
}

/** The winner: the best-ranked entry that was voted on at all (null: no votes). */
export function winnerOf(entryIds: readonly string[], votes: readonly BattleVote[]): string | null {
  return standings(entryIds, votes).find((standing) => standing.votes > 0)?.entryId ?? null;
}
