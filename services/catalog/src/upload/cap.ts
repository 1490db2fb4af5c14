import { CATALOG_MESSAGES, uploadCap } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';
import type { EntitlementsSource } from '../entitlements/projection';
import type { CatalogQueries } from '../beats/readModel';
import { isCatalogueKind } from '../beats/beat';

export interface UploadCapDeps {
  entitlements: EntitlementsSource;
  queries: CatalogQueries;
  clock: () => Date;
}

/** The refusal past a cap: the spec's banner text on the free plan, the plan's number otherwise. */
const capMessage = (cap: number) =>
  cap === 3
    ? CATALOG_MESSAGES.uploadCap
    : `You can only upload ${cap} beats. Please upgrade your plan to upload more.`;

/**
 * The producer's uploads against their plan's cap (spec §9: 3 without a plan): what the wizard asks
 * before it starts, and what create_reference and finalize check. At finalize (`finalizing`: that
 * upload's beat id) only other finished uploads count.
 */
export async function uploadAllowance(deps: UploadCapDeps, producerId: string, finalizing?: string) {
  const cap = uploadCap(await deps.entitlements.of(producerId));
  const uploads = await deps.queries.uploadCount(
    producerId,
    deps.clock(),
    finalizing ? { exceptBeatId: finalizing, finalizedOnly: true } : {},
  );
  return {
    uploads,
    cap: Number.isFinite(cap) ? cap : null,
    refusal: uploads >= cap ? capMessage(cap) : null,
  };
}

/**
 * The plan's cap counts beats: an artist's My Sound songs (analysed, never sold) and beat battle
 * entries (one per battle, the battle's rule) take no slot and are never refused by it.
 */
export const takesUploadSlot = isCatalogueKind;

/** Refuses an upload past the producer's plan's cap (403 with the message of `uploadAllowance`). */
export async function checkUploadCap(deps: UploadCapDeps, producerId: string, finalizing?: string) {
  const { refusal } = await uploadAllowance(deps, producerId, finalizing);
  if (refusal) throw new HttpProblem(403, refusal, 'upload_cap');
}
