import { Router, type RequestHandler } from 'express';
import { canManagePacks, ERROR_CODES, PACK_MESSAGES } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import { callerId } from '../http/guards';
import type { PackApiDeps } from './deps';
import type { PackRow } from './readModel';
import { beatPack, packBeat, sharedUser } from './views';
import { sharedPackRoutes } from './sharedApi';

/**
 * The Beat Packs manager's calls (producer-side spec §2, §7). The plan is checked before the request
 * (403 'No Access' without Professional or Unlimited); a pack that is not the caller's is 404.
 */
function packPlanRequired(deps: PackApiDeps): RequestHandler {
  return (req, _res, next) => {
    const userId = req.caller?.userId;
    if (!userId) return next(); // handleCall answers 401
    deps.entitlements
      .of(userId)
      .then((entitlements) =>
        next(
          canManagePacks(entitlements)
            ? undefined
            : new HttpProblem(403, PACK_MESSAGES.noAccess, ERROR_CODES.forbidden),
        ),
      )
      .catch(next);
  };
}

async function ownPack(deps: PackApiDeps, producerId: string, packId: string): Promise<PackRow> {
  const pack = await deps.packQueries.byId(packId);
  if (!pack || pack.producerId !== producerId)
    throw new HttpProblem(404, PACK_MESSAGES.packNotFound, 'not_found');
  return pack;
}

async function packsWithBeats(deps: PackApiDeps, producerId: string) {
  const packs = await deps.packQueries.packsOf(producerId);
  const beats = await deps.packQueries.beatsOf(packs.map((pack) => pack.packId));
  return packs.map((pack) =>
    beatPack(
      pack,
      beats.filter((beat) => beat.packId === pack.packId),
    ),
  );
}

function managerRoutes(router: Router, deps: PackApiDeps): void {
  const before = [packPlanRequired(deps)];
  handleCall(
    router,
    'addBeatPack',
    async ({ scope, name }, { req }) => {
      const producerId = callerId(req);
      const count = (await deps.packQueries.packsOf(producerId)).length;
      const pack = await deps.packs.createPack({
        producerId,
        producerName: req.caller!.userName ?? '',
        name: name ?? `Beat Pack ${count + 1}`,
        isPrivate: scope === 'Add Private Pack',
      });
      return { pack: beatPack(pack, []) };
    },
    { before },
  );
  handleCall(
    router,
    'getBeatPacks',
    async (_input, { req }) => ({ packs: await packsWithBeats(deps, callerId(req)) }),
    {
      before,
    },
  );
  handleCall(
    router,
    'addBeatInput',
    async ({ input, beatPackId }, { req }) => {
      const pack = await ownPack(deps, callerId(req), beatPackId);
      return { data: (await deps.packQueries.suggestions(pack, input)).map((row) => packBeat(row)) };
    },
    { before },
  );
  handleCall(
    router,
    'addBeatToPack',
    async ({ beatId, beatPackId }, { req }) => {
      const producerId = callerId(req);
      const pack = await ownPack(deps, producerId, beatPackId);
      const beat = await deps.beats.beat(beatId);
      if (!beat || beat.status !== 'published')
        throw new HttpProblem(404, PACK_MESSAGES.beatRequired, 'not_found');
      await deps.packs.addBeat(pack.packId, { producerId, beat });
      const [row] = (await deps.packQueries.beatsOf([pack.packId])).filter((r) => r.beatId === beatId);
      return { beat: packBeat(row!) };
    },
    { before },
  );
  handleCall(
    router,
    'removeBeatFromPack',
    async ({ beatId, packId }, { req }) => {
      await deps.packs.removeBeat(packId, callerId(req), beatId);
      return { message: 'Removed' };
    },
    { before },
  );
}

/** The Share dialog of a private pack: who it is shared with and their rights. */
function shareRoutes(router: Router, deps: PackApiDeps): void {
  const before = [packPlanRequired(deps)];
  handleCall(
    router,
    'getSharedUsers',
    async ({ beatPackId }, { req }) => {
      const pack = await ownPack(deps, callerId(req), beatPackId);
      return { users: (await deps.packQueries.sharesOf(pack.packId)).map(sharedUser) };
    },
    { before },
  );
  handleCall(
    router,
    'saveUserList',
    async ({ beatPackId, list }, { req }) => {
      const entries = list.map((entry) => ({
        email: entry.email,
        downloadMp3: entry.downloadMp3 === 1,
        downloadStems: entry.downloadStems === 1,
        deleted: entry.deleted === 1,
      }));
      await deps.packs.saveShares(beatPackId, { producerId: callerId(req), list: entries });
      return { users: (await deps.packQueries.sharesOf(beatPackId)).map(sharedUser) };
    },
    { before },
  );
}

/** The catalog's beat-pack calls: the manager's and the shared pack page's. */
export function packsRouter(deps: PackApiDeps): Router {
  const router = Router();
  sharedPackRoutes(router, deps);
  managerRoutes(router, deps);
  shareRoutes(router, deps);
  return router;
}
