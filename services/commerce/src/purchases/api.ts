import { Readable } from 'node:stream';
import { Router } from 'express';
import {
  centsToDollars,
  COMMERCE_MESSAGES,
  downloadsOf,
  getDownloadableRequestSchema,
  LICENCE_VERIFY_PAGE,
  licenceVerifyRequestSchema,
  PACKAGE_TITLES,
  type LicenceVerifyAnswer,
  type Downloadable,
  type PackageName,
  type PurchaseView,
} from '@beatmatch/contracts';
import {
  HttpProblem,
  parseInput,
  requireUser,
  route,
  type BlobStore,
  type SqlDatabase,
} from '@beatmatch/platform';
import { beatsById } from '../beats/projection';
import { licencePdf } from './licence';
import { purchaseById, purchasesOf, type PurchaseRow } from '../orders/readModel';

export interface PurchasesDeps {
  db: SqlDatabase;
  schema: string;
  blobs: () => Promise<BlobStore>;
  publicUrl: () => string;
  /** Seconds a signed download URL stays valid. */
  downloadUrlSeconds?: number;
}

const LABELS: Record<Downloadable, string> = {
  mp3: 'MP3',
  wav: 'WAV',
  stems: 'Stems',
  license: 'License (PDF)',
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

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

const safeName = (text: string) => text.replace(/[^\w .()-]+/g, '_').slice(0, 80) || 'beat';
export const licenceKey = (purchaseId: string) => `licences/${purchaseId}.pdf`;
/** The public page that tells people whether a licence is genuine (the shell's /license/verify/:id). */
export const verifyUrl = (publicUrl: string, purchaseId: string) =>
  `${publicUrl.replace(/\/$/, '')}${LICENCE_VERIFY_PAGE}/${encodeURIComponent(purchaseId)}`;
/** The licensee as the PDF names them: display name and the account's e-mail (the buyer's own copy). */
const licenseeOf = (purchase: PurchaseRow) =>
  [purchase.buyer_name, purchase.buyer_email ? `(${purchase.buyer_email})` : null]
    .filter(Boolean)
    .join(' ') || purchase.buyer_id;

/**
 * retrieve_puchases, get_downloadable (owner only, signed short-lived URLs; a refunded purchase: 410),
 * the licence check (a refunded purchase's licence is not genuine).
 */
export function purchasesRouter(deps: PurchasesDeps): Router {
  const { db, schema: s } = deps;
  const router = Router();

  router.post(
    '/purchases',
    requireUser,
    route(async (req, res) => {
      res.json({ purchases: (await purchasesOf(db, s, req.caller!.userId!)).map(view) });
    }),
  );

  router.post(
    '/downloads',
    requireUser,
    route(async (req, res) => {
      const body = parseInput(getDownloadableRequestSchema, req.body ?? {});
      const purchase = await purchaseById(db, s, body.urlId);
      // Another buyer's purchase answers exactly like a missing one.
      if (!purchase || purchase.buyer_id !== req.caller!.userId || purchase.beat_id !== body.beatId)
        throw new HttpProblem(404, COMMERCE_MESSAGES.purchaseNotFound, 'purchase_not_found');
      if (purchase.refunded_at)
        throw new HttpProblem(410, COMMERCE_MESSAGES.purchaseRefunded, 'purchase_refunded');
      if (!downloadsOf(purchase.package as PackageName, purchase.has_stems).includes(body.downloadable))
        throw new HttpProblem(403, COMMERCE_MESSAGES.downloadNotIncluded, 'not_included');
      const blobs = await deps.blobs();
      const expiresIn = deps.downloadUrlSeconds ?? 300;
      const base = safeName(`${purchase.beat_name} (${PACKAGE_TITLES[purchase.package as PackageName]})`);
      if (body.downloadable === 'license') {
        const key = licenceKey(purchase.purchase_id);
        if (!(await blobs.head(key))) {
          const pdf = await licencePdf({
            purchaseId: purchase.purchase_id,
            licensee: licenseeOf(purchase),
            producerName: purchase.producer_name,
            beatName: purchase.beat_name,
            package: purchase.package as PackageName,
            pricePaidCents: purchase.price_cents,
            signedDate: new Date(iso(purchase.purchased_at)),
            verifyUrl: verifyUrl(deps.publicUrl(), purchase.purchase_id),
          });
          await blobs.put(key, Readable.from(Buffer.from(pdf)), { contentType: 'application/pdf' });
        }
        res.json({ url: await blobs.signedDownloadUrl(key, { expiresIn, filename: `${base} licence.pdf` }) });
        return;
      }
      const files = (await beatsById(db, s, [purchase.beat_id])).get(purchase.beat_id)?.files;
      const key =
        body.downloadable === 'mp3'
          ? files?.mp3Key
          : body.downloadable === 'wav'
            ? files?.wavKey
            : files?.stemsKey;
      if (!key) throw new HttpProblem(404, 'This file is not available.', 'file_missing');
      const extension = key.slice(key.lastIndexOf('.') + 1);
      res.json({ url: await blobs.signedDownloadUrl(key, { expiresIn, filename: `${base}.${extension}` }) });
    }),
  );

  // Public: the licensee is named by display name only (never the e-mail the PDF carries).
  const verify = async (purchaseId: string): Promise<LicenceVerifyAnswer> => {
    const purchase = await purchaseById(db, s, purchaseId);
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
  };
  router.get(
    '/licences/verify',
    route(async (req, res) => {
      const body = parseInput(licenceVerifyRequestSchema, {
        purchaseId: req.query.purchaseId ?? req.query.id,
      });
      res.json(await verify(body.purchaseId));
    }),
  );
  router.post(
    '/licences/verify',
    route(async (req, res) => {
      const body = parseInput(licenceVerifyRequestSchema, req.body ?? {});
      res.json(await verify(body.purchaseId));
    }),
  );
  return router;
}
