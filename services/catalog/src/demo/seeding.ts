import type { CallAnswer } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';
import type { CatalogQueries } from '../beats/readModel';
import type { UploadWorkflow } from '../beats/commands';
import { seedDemoCatalogue, untilNothingPending, type DemoSeedDeps } from './catalogue';

/** How the demo catalogue is coming along: preparing (until all are published), ready, total. */
export type DemoProgress = CallAnswer<'beatmatch_demo_catalogue'>;

type SeedingDeps = Omit<DemoSeedDeps, 'workflow' | 'beats' | 'stopped'> & {
  queries: CatalogQueries;
  db: SqlDatabase;
  schema: string;
};

async function publishedDemoBeats({ db, schema }: SeedingDeps): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ${schema}.beats WHERE demo AND status = 'published' AND NOT deleted`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The demo catalogue, seeded in the background at start (it never delays readiness) and waited for
 * at stop, which tells it to stop early. While it is being made, `progress` says how far it is, so
 * the player can say so instead of "No beat found!".
 */
export function demoSeeding(
  deps: SeedingDeps,
  workflow: UploadWorkflow | undefined,
  demoCatalogue: { beats: number } | undefined,
) {
  const { logger } = deps;
  let stopping = false;
  let preparing = false;
  let seeding: Promise<unknown> | undefined;
  const stopped = () => stopping;
  const seed = async (beats: number, starter: UploadWorkflow) => {
    const started = Date.now();
    const seeded = await seedDemoCatalogue({ ...deps, workflow: starter, beats, stopped });
    if (seeded.skipped) return;
    if (seeded.finalized > 0)
      logger.info(seeded, 'demo catalogue: beats stored and finalized; the upload workflow publishes them');
    await untilNothingPending(deps, stopped);
    if (!stopping && seeded.finalized > 0)
      logger.info({ beats: seeded.finalized, ms: Date.now() - started }, 'demo catalogue published');
  };
  return {
    start: () => {
      if (!workflow || !demoCatalogue) return;
      preparing = true;
      seeding = seed(demoCatalogue.beats, workflow)
        .catch((error: unknown) => logger.warn({ err: error }, 'demo catalogue seeding stopped'))
        .finally(() => {
          preparing = false;
        });
    },
    stop: async () => {
      stopping = true;
      await seeding;
    },
    progress: async (): Promise<DemoProgress> => ({
      preparing,
      ready: await publishedDemoBeats(deps),
      total: demoCatalogue?.beats ?? 0,
    }),
  };
}

export type DemoSeeding = ReturnType<typeof demoSeeding>;
