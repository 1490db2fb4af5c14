import { Router } from 'express';
import {
  apiCalls,
  centsToDollars,
  downloadsOf,
  licenceVerifyRequestSchema,
  PACKAGE_TITLES,
  type Downloadable,
  type LicenceVerifyAnswer,
  type PackageName,
  type PurchaseView,
} from '@beatmatch/contracts';
import { handleCall, parseInput, route } from '@beatmatch/platform';
import { purchaseById, purchasesOf, type PurchaseRow } from '../orders/readModel';
import { downloadUrl, iso, type PurchasesDeps } from './downloads';

const LABELS: Record<Downloadable, string> = {
  mp3: 'MP3',
  wav: 'WAV',
  stems: 'Stems',
  license: 'License (PDF)',
};

function view(row: PurchaseRow): PurchaseView {
  return {
    purchaseId: row.purchase_id,
    beatId: row.beat_id,
    beatName: row.beat_name,
    beatPackage: PACKAGE_TITLES[row.package as PackageName],
    pricePaid: centsToDollars(row.price_cents),
    producerName: row.producer_name,
    userId: row.buyer_id,
    coverArtUrl: row.cover_art_url,
    signedDate: iso(row.purchased_at),
    // A refunded purchase stays listed, with nothing to download.
    downloads: row.refunded_at
      ? []
      : downloadsOf(row.package as PackageName, row.has_stems).map((downloadable) => ({
          downloadable,
          label: LABELS[downloadable],
        })),
    ...(row.refunded_at ? { refunded: true } : {}),
  };
}

/** beatmatch_license_verify. Public: the licensee is named by display name only (never the e-mail the PDF carries). */
async function verifyLicence(deps: PurchasesDeps, purchaseId: string): Promise<LicenceVerifyAnswer> {
  const purchase = await purchaseById(deps.db, deps.schema, purchaseId);
  // A refunded purchase's licence is void.
  if (!purchase || purchase.refunded_at) return { genuine: false };
  return {
    genuine: true,
    purchaseId: purchase.purchase_id,
    beatName: purchase.beat_name,
    producerName: purchase.producer_name,
    beatPackage: PACKAGE_TITLES[purchase.package as PackageName],
    signedDate: iso(purchase.purchased_at),
    licensee: purchase.buyer_name,
  };
}

/**
 * retrieve_puchases, get_downloadable (owner only, signed short-lived URLs; a refunded purchase: 410),
 * the licence check (a refunded purchase's licence is not genuine).
 */
export function purchasesRouter(deps: PurchasesDeps): Router {
  const router = Router();
  handleCall(router, 'retrieve_puchases', async (_input, { req }) => ({
    purchases: (await purchasesOf(deps.db, deps.schema, req.caller!.userId!)).map(view),
  }));
  handleCall(router, 'get_downloadable', async (body, { req }) => ({
    url: await downloadUrl(deps, req.caller!.userId!, body),
  }));
  handleCall(router, 'beatmatch_license_verify', ({ purchaseId }) => verifyLicence(deps, purchaseId));
  // Its GET twin (internal.ts): the licence page asks with ?purchaseId= (or ?id=).
  router.get(
    apiCalls.beatmatch_license_verify.path,
    route(async (req, res) => {
      const body = parseInput(licenceVerifyRequestSchema, {
        purchaseId: req.query.purchaseId ?? req.query.id,
      });
      res.json(await verifyLicence(deps, body.purchaseId));
    }),
  );
  return router;
}
