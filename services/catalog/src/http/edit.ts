import type { Router } from 'express';
import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import type { CatalogApiDeps } from './deps';
import { repriceAllBeats } from '../beats/repriceAll';
import { callerId, ownBeat } from './guards';
import { cents, marriageCents } from './prices';

/** Manage Beats' edits (producer-side spec §3): prices (one beat or 'All Beats') and the name. */
export function editRoutes(router: Router, deps: CatalogApiDeps): void {
  handleCall(router, 'beatmatch_manage_beats_edit', async (body, { req }) => {
    const { price } = body;
    const prices = {
      firstDate: cents(price.firstDatePackagePrice),
      relationship: cents(price.relationshipPackagePrice),
      marriage: marriageCents(price.marriagePackagePrice),
    };
    if (String(body.beatId) === '0' && body.beatName === 'All Beats') {
      const updated = await repriceAllBeats(deps, callerId(req), prices);
      return { updated, message: "Updated all of your beats' prices" };
    }
    const beat = await ownBeat(deps.commands, req, String(body.beatId));
    await deps.commands.reprice(beat.beatId, prices);
    return { updated: 1, message: `Updated ${beat.name}'s prices` };
  });

  handleCall(router, 'beatmatch_change_name', async (body, { req }) => {
    const name = body.beatName.trim();
    if (!name) throw new HttpProblem(400, CATALOG_MESSAGES.nameRequired, 'name_required');
    await ownBeat(deps.commands, req, body.beatId);
    await deps.commands.rename(body.beatId, name);
    return { beatName: name };
  });
}
