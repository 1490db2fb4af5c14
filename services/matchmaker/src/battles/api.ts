import { Router } from 'express';
import { BATTLE_MESSAGES as M } from '@beatmatch/contracts';
import { handleCall, HttpProblem, sendBlob, type BlobStore } from '@beatmatch/platform';
import { castVote, closeBattleNow, openBattle, submitEntry, summaryOf, type BattleDeps } from './battles';
import { nextPair } from './pairs';
import { standings } from './rating';

export type BattleApiDeps = BattleDeps & { blobs: () => Promise<BlobStore> };

const entryNotFound = () => new HttpProblem(404, M.entryNotFound, 'entry_not_found');

/** The beat battle calls (packages/contracts/src/api/battles.ts): routing and mapping only. */
export function battlesRouter(deps: BattleApiDeps): Router {
  const router = Router();
  const adminEmail = (req: { caller?: { email?: string } }) => req.caller?.email ?? 'admin';

  handleCall(router, 'beat_battle_open', async (input, { req }) => openBattle(deps, input, adminEmail(req)));
  handleCall(router, 'beat_battle_close', async ({ battleId }, { req }) =>
    closeBattleNow(deps, battleId, adminEmail(req)),
  );

  handleCall(router, 'beat_battle_list', async (_input, { req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    const battles = await deps.queries.list(deps.clock());
    const mine = req.caller?.userId
      ? await deps.queries.entriesOf(req.caller.userId)
      : new Map<string, string>();
    return {
      battles: battles.map((battle) => {
        const beatName = mine.get(battle.battleId);
        return { ...battle, myEntry: beatName === undefined ? null : { beatName } };
      }),
    };
  });

  handleCall(router, 'beat_battle_submit', async (input, { req }) => submitEntry(deps, req.caller!, input));
  handleCall(router, 'beat_battle_pair', async ({ battleId }, { req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return nextPair(deps, req.caller!, battleId);
  });
  handleCall(router, 'beat_battle_vote', async (input, { req }) => castVote(deps, req.caller!, input));

  handleCall(router, 'beat_battle_entry_audio', async ({ battleId, entryId }, { req, res }) => {
    const key = await deps.queries.entryAudioKey(battleId, entryId);
    if (!key) throw entryNotFound();
    await sendBlob(req, res, await deps.blobs(), key, {
      contentType: 'audio/mpeg',
      cacheControl: 'private, no-store',
      notFound: entryNotFound,
    });
  });

  handleCall(router, 'beat_battle_leaderboard', async ({ battleId }, { res }) => {
    res.setHeader('Cache-Control', 'no-store');
    const battle = await summaryOf(deps, battleId);
    const entries = await deps.queries.entries(battleId);
    const byId = new Map(entries.map((entry) => [entry.entry_id, entry]));
    const ranked = standings([...byId.keys()], await deps.queries.votes(battleId));
    return {
      battle,
      entries: ranked.map((standing, at) => ({
        rank: at + 1,
        beatName: byId.get(standing.entryId)!.beat_name,
        producerName: byId.get(standing.entryId)!.producer_name,
        rating: standing.rating,
        votes: standing.votes,
        wins: standing.wins,
      })),
    };
  });
  return router;
}
