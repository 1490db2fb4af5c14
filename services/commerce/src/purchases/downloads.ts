import { Readable } from 'node:stream';
import {
  COMMERCE_MESSAGES,
  downloadsOf,
  LICENCE_VERIFY_PAGE,
  PACKAGE_TITLES,
  type getDownloadableRequestSchema,
  type PackageName,
} from '@beatmatch/contracts';
import { HttpProblem, type BlobStore, type SqlDatabase } from '@beatmatch/platform';
import type { z } from 'zod';
import { beatsById } from '../beats/projection';
import { purchaseById, type PurchaseRow } from '../orders/readModel';
import { licencePdf } from './licence';

export interface PurchasesDeps {
  db: SqlDatabase;
  schema: string;
  blobs: () => Promise<BlobStore>;
  publicUrl: () => string;
  /** Seconds a signed download URL stays valid. */
  downloadUrlSeconds?: number;
}

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
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

/** The licence PDF's blob key, written the first time it is asked for. */
async function licenceBlob(deps: PurchasesDeps, blobs: BlobStore, purchase: PurchaseRow) {
  const key = licenceKey(purchase.purchase_id);
  if (await blobs.head(key)) return key;
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
  return key;
}

/** The purchase, if it is the buyer's and its download is in the package bought. */
async function downloadablePurchase(
  deps: PurchasesDeps,
  buyerId: string,
  body: z.output<typeof getDownloadableRequestSchema>,
): Promise<PurchaseRow> {
  const purchase = await purchaseById(deps.db, deps.schema, body.urlId);
  // Another buyer's purchase answers exactly like a missing one.
  if (!purchase || purchase.buyer_id !== buyerId || purchase.beat_id !== body.beatId)
    throw new HttpProblem(404, COMMERCE_MESSAGES.purchaseNotFound, 'purchase_not_found');
  if (purchase.refunded_at)
    throw new HttpProblem(410, COMMERCE_MESSAGES.purchaseRefunded, 'purchase_refunded');
  if (!downloadsOf(purchase.package as PackageName, purchase.has_stems).includes(body.downloadable))
    throw new HttpProblem(403, COMMERCE_MESSAGES.downloadNotIncluded, 'not_included');
  return purchase;
}

/** get_downloadable: a short-lived signed URL of the purchase's file or licence PDF (buyer only). */
export async function downloadUrl(
  deps: PurchasesDeps,
  buyerId: string,
  body: z.output<typeof getDownloadableRequestSchema>,
): Promise<string> {
  const purchase = await downloadablePurchase(deps, buyerId, body);
  const blobs = await deps.blobs();
  const expiresIn = deps.downloadUrlSeconds ?? 300;
  const base = safeName(`${purchase.beat_name} (${PACKAGE_TITLES[purchase.package as PackageName]})`);
  if (body.downloadable === 'license') {
    const key = await licenceBlob(deps, blobs, purchase);
    return blobs.signedDownloadUrl(key, { expiresIn, filename: `${base} licence.pdf` });
  }
  const files = (await beatsById(deps.db, deps.schema, [purchase.beat_id])).get(purchase.beat_id)?.files;
  const key =
    body.downloadable === 'mp3'
      ? files?.mp3Key
      : body.downloadable === 'wav'
        ? files?.wavKey
        : files?.stemsKey;
  if (!key) throw new HttpProblem(404, 'This file is not available.', 'file_missing');
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return blobs.signedDownloadUrl(key, { expiresIn, filename: `${base}.${extension}` });
}
