import { Router } from 'express';
import type { BlobStore, EventStore, SqlDatabase } from '@beatmatch/platform';
import type { BeatPool } from '../beats/pool';
import { historyRouter } from '../history/api';
import { Listeners } from '../listeners/listeners';
import type { Selector } from '../listeners/selection';
import { lyricsRouter } from '../lyrics/api';
import { matchesRouter } from '../matches/api';
import { fullBeatRouter } from '../matches/fullBeat';
import { playerRouter } from '../player/api';
import type { SnippetCache } from '../player/snippetCache';

export interface MatchmakerDeps {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  pool: BeatPool;
  selector: Selector;
  clock: () => Date;
  /** The snippets listeners play, held in memory (../player/snippetCache.ts). */
  snippets: SnippetCache;
  /** The beats' files (the Match List's full MP3s). */
  blobs: () => Promise<BlobStore>;
}

/**
 * The swipe player, Match List, Play History and lyrics (artist-side spec §4, §7): one feature router
 * each, over one set of listeners (so the player's copy of a listener's state is dropped whenever
 * another feature changes that listener).
 */
export function matchmakerRouter(deps: MatchmakerDeps): Router {
  const features = { ...deps, listeners: new Listeners(deps.store, deps.clock) };
  return Router().use(
    playerRouter(features),
    matchesRouter(features),
    fullBeatRouter(features),
    historyRouter(features),
    lyricsRouter(features),
  );
}
