import { CATALOG_TOPIC, mySoundAnalysedV1, mySoundFailedV1, mySoundReceivedV1 } from '@beatmatch/contracts';
import {
  on,
  subscribeToContracts,
  type ContractHandler,
  type EventBus,
  type EventStore,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
} from '@beatmatch/platform';
import { SongCommands, soundOf } from './songs';

/**
 * The catalog's My Sound uploads become the owner's analysed songs (source 'mySound'), in the
 * consumer's transaction: received → processing, analysed → the sound, failed → the reason. Each also
 * requests the song, so a lost or late 'received' changes nothing.
 */
export function mySoundHandlers(storeIn: (tx: SqlExecutor) => EventStore): ContractHandler[] {
  const songsAt = (tx: SqlExecutor, at: string) => new SongCommands(storeIn(tx), () => new Date(at));
  const request = (songs: SongCommands, song: { songId: string; ownerId: string; name: string }) =>
    songs.request({
      songId: song.songId,
      ownerId: song.ownerId,
      source: 'mySound',
      title: song.name,
      audioUrl: null,
    });
  return [
    on(mySoundReceivedV1, async ({ payload }, tx) => {
      await request(songsAt(tx, payload.receivedAt), payload);
    }),
    on(mySoundAnalysedV1, async ({ payload }, tx) => {
      const songs = songsAt(tx, payload.analysedAt);
      await request(songs, payload);
      await songs.analysed(payload.songId, soundOf(payload.dna));
    }),
    on(mySoundFailedV1, async ({ payload }, tx) => {
      const songs = songsAt(tx, payload.failedAt);
      await request(songs, payload);
      await songs.failed(payload.songId, payload.reason);
    }),
  ];
}

/** The My Sound subscription: its own consumer group on the catalog's topic (tests pass their own). */
export function subscribeToMySound(options: {
  bus: EventBus;
  db: SqlDatabase;
  logger: Logger;
  schema: string;
  storeIn: (tx: SqlExecutor) => EventStore;
  consumer?: string;
  topics?: string[];
}) {
  return subscribeToContracts({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    schema: options.schema,
    consumer: `${options.consumer ?? 'matchmaker'}.my-sound`,
    topics: options.topics ?? [CATALOG_TOPIC],
    handlers: mySoundHandlers(options.storeIn),
  });
}
