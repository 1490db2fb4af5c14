import { CATALOG_MESSAGES, uploadCap } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';
import type { EntitlementsSource } from '../entitlements/projection';
import type { CatalogQueries } from '../beats/readModel';

export interface UploadCapDeps {
  entitlements: EntitlementsSource;
  queries: CatalogQueries;
  clock: () => Date;
}

/**
 * Refuses an upload past the producer's plan's cap (spec §9: 3 without a plan). At finalize
 * (`finalizing`: that upload's beat id) only other finished uploads count.
 */
export async function checkUploadCap(deps: UploadCapDeps, producerId: string, finalizing?: string) {
  const cap = uploadCap(await deps.entitlements.of(producerId));
  const count = await deps.queries.uploadCount(
    producerId,
    deps.clock(),
    finalizing ? { exceptBeatId: finalizing, finalizedOnly: true } : {},
  );
  if (count >= cap)
    throw new HttpProblem(
      403,
      cap === 3
        ? CATALOG_MESSAGES.uploadCap
        : `You can only upload ${cap} beats. Please upgrade your plan to upload more.`,
      'upload_cap',
    );
}
