import type { BeatPrices } from '@beatmatch/contracts';
import type { BeatCommands } from './commands';
import type { CatalogQueries } from './readModel';

/**
 * Manage Beats' 'All Beats' prices: every public beat of the producer gets them. Beats without a
 * Marriage package keep '-'; with one, '-' keeps its own price. Resolves to how many were re-priced.
 */
export async function repriceAllBeats(
  deps: { commands: BeatCommands; queries: CatalogQueries },
  producerId: string,
  prices: BeatPrices,
): Promise<number> {
  let updated = 0;
  for (const row of await deps.queries.beatsOf(producerId)) {
    if (row.isPrivate) continue;
    const marriage = row.prices.marriage === null ? null : (prices.marriage ?? row.prices.marriage);
    await deps.commands.reprice(row.beatId, { ...prices, marriage });
    updated += 1;
  }
  return updated;
}
