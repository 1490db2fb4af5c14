import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { CATALOG_MESSAGES, centsToDollars, type BeatPrices } from '@beatmatch/contracts';
import { handleCall, HttpProblem, type CallInput } from '@beatmatch/platform';
import type { UploadKind } from '../beats/beat';
import type { CatalogApiDeps } from './deps';
import { checkUploadCap, takesUploadSlot, uploadAllowance } from '../upload/cap';
import { callerId } from './guards';
import { cents, marriageCents, truthy } from './prices';

/** The upload wizard's first step: its price defaults and the beat reference (producer-side spec §4). */
export function uploadReferenceRoutes(router: Router, deps: CatalogApiDeps): void {
  handleCall(router, 'beatmatch_last_uploaded_price', async (_input, { req, res }) => {
    const prices = await deps.queries.lastUploadedPrices(callerId(req));
    res.setHeader('Cache-Control', 'no-store');
    return prices
      ? {
          firstDatePackage: centsToDollars(prices.firstDate),
          relationshipPackage: centsToDollars(prices.relationship),
          marriagePackage: centsToDollars(prices.marriage),
        }
      : { firstDatePackage: null, relationshipPackage: null, marriagePackage: '-' };
  });

  handleCall(router, 'beatmatch_upload_allowance', async (_input, { req, res }) => {
    res.setHeader('Cache-Control', 'no-store');
    return uploadAllowance(deps, callerId(req));
  });

  handleCall(router, 'beatmatch_create_reference', async (body, { req }) => {
    const name = body.name.trim();
    if (!name) throw new HttpProblem(400, CATALOG_MESSAGES.nameRequired, 'name_required');
    const kind = kindOf(body);
    const producerId = callerId(req);
    const prices = pricesOf(kind, body);
    if (takesUploadSlot(kind)) await checkUploadCap(deps, producerId);
    const beatId = randomUUID();
    const producerName = req.caller!.userName ?? '';
    await deps.commands.draftBeat({ beatId, producerId, producerName, name, kind, prices });
    return { beatRefId: beatId };
  });
}

type ReferenceRequest = CallInput<'beatmatch_create_reference'>;

function kindOf(body: ReferenceRequest): UploadKind {
  if (truthy(body.isBeatBattle)) return 'beatBattle';
  if (truthy(body.isMySound)) return 'mySound';
  if (truthy(body.isPrivate)) return 'private';
  return 'public';
}

/** Public and my-sound uploads are priced; private and beat-battle ones carry no prices. */
function pricesOf(kind: UploadKind, body: ReferenceRequest): BeatPrices {
  if (kind !== 'public' && kind !== 'mySound') return { firstDate: 0, relationship: 0, marriage: null };
  return {
    firstDate: cents(body.firstDatePackagePrice),
    relationship: cents(body.relationshipPackagePrice),
    marriage: marriageCents(body.marriagePackagePrice),
  };
}
