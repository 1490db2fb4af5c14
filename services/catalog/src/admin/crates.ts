import { uploadCap } from '@beatmatch/contracts';
import { defineAdminJob, type SqlDatabase } from '@beatmatch/platform';
import type { BeatCommands } from '../beats/commands';
import type { CatalogQueries } from '../beats/readModel';
import { cratesByCap } from '../entitlements/crates';
import type { EntitlementsSource } from '../entitlements/projection';

export interface CrateMigrationDeps {
  db: SqlDatabase;
  schema: string;
  queries: CatalogQueries;
  commands: BeatCommands;
  entitlements: EntitlementsSource;
}

/**
 * move_tracks_to_crate (Migrate beats to active crate): applies the crate rule to every producer — the
 * newest beats within their plan's cap active, older ones inactive (entitlements/crates.ts). A beat
 * already in its crate is left alone, so a repeated producer changes nothing.
 */
export const migrateCrates = (deps: CrateMigrationDeps) =>
  defineAdminJob<object>({
    name: 'move_tracks_to_crate',
    async items() {
      const { rows } = await deps.db.query<{ producer_id: string }>(
        `SELECT DISTINCT producer_id FROM ${deps.schema}.beats WHERE NOT deleted AND NOT demo`,
      );
      return rows.map((row) => row.producer_id);
    },
    async handle(producerId) {
      const cap = uploadCap(await deps.entitlements.of(producerId));
      for (const { beat, crate } of cratesByCap(await deps.queries.allBeatsOf(producerId), cap))
        if (beat.crate !== crate) await deps.commands.changeCrate(beat.beatId, crate);
    },
    async result({ done }) {
      const { rows } = await deps.db.query<{ active: string; inactive: string }>(
        `SELECT count(*) FILTER (WHERE crate = 'active')::text AS active,
                count(*) FILTER (WHERE crate = 'inactive')::text AS inactive
           FROM ${deps.schema}.beats WHERE NOT deleted AND NOT demo AND status <> 'failed'`,
      );
      const { active, inactive } = rows[0] ?? { active: '0', inactive: '0' };
      return `Checked ${done} producers: ${active} beats in the active crate, ${inactive} inactive.`;
    },
  });
