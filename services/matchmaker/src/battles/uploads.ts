import { beatDeletedV1, beatPublishedV1, beatRenamedV1, CATALOG_TOPIC } from '@beatmatch/contracts';
import {
  on,
  subscribeToContracts,
  type EventBus,
  type Logger,
  type SqlDatabase,
  type Subscription,
} from '@beatmatch/platform';

/**
 * The producers' beat battle uploads (the catalog's mp3-only path with isBeatBattle, producer-side
 * spec §4), from catalog.BeatPublished's `kind`: only these can be entered in a battle, and their MP3
 * is what the battleground plays. Handled once per event id, in the projection's transaction.
 */
export function subscribeBattleUploads(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  consumer?: string;
  topics?: string[];
}): Promise<Subscription> {
  const s = options.schema;
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: s,
    consumer: options.consumer ?? 'matchmaker.battle-uploads',
    topics: options.topics ?? [CATALOG_TOPIC],
    handlers: [
      on(beatPublishedV1, async ({ payload }, tx) => {
        if (payload.kind !== 'beatBattle') return;
        await tx.query(
          `INSERT INTO ${s}.battle_uploads (beat_id, producer_id, name, mp3_key) VALUES ($1, $2, $3, $4)
           ON CONFLICT (beat_id) DO NOTHING`,
          [payload.beatId, payload.producerId, payload.name, payload.files.mp3Key],
        );
      }),
      on(beatRenamedV1, async ({ payload }, tx) => {
        await tx.query(`UPDATE ${s}.battle_uploads SET name = $2 WHERE beat_id = $1`, [
          payload.beatId,
          payload.name,
        ]);
      }),
      on(beatDeletedV1, async ({ payload }, tx) => {
        await tx.query(`UPDATE ${s}.battle_uploads SET deleted = true WHERE beat_id = $1`, [payload.beatId]);
      }),
    ],
  });
}
