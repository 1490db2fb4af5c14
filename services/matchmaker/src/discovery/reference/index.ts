import { z } from 'zod';
import type { EventStore, Logger, SqlDatabase } from '@beatmatch/platform';
import type { TemporalSettings } from '@beatmatch/platform/workflows';
import type { BeatPool } from '../../beats/pool';
import type { ReferenceActivityDeps } from './activities';
import { referenceRouter } from './api';
import { AnalysedSongs } from './readModel';
import { ReferenceSearches } from './referenceSearches';
import { SongCommands } from './songs';
import { SpotifyCatalogue, type SpotifySettings } from './spotify';
import { referenceTaskQueueOf, referenceWorkflows } from './temporal';
import { YtDlp, type VideoLinkFetcher } from './videoLink';

export { analysedSongsProjection, analysedSongsSchema } from './readModel';
export { mySoundHandlers, subscribeToMySound } from './mySoundEvents';

/*
 * The reference-track searches (issue 25 items 3–6): video links, Spotify tracks and My Sound uploads
 * become analysed songs, whose DNA the similarity core ranks the pool's beats against.
 */

/** The matchmaker's settings for these searches (README, "Reference-track searches"). */
export const referenceConfig = {
  /** The yt-dlp command (default: deploy/local/tools/yt-dlp.sh's, in the cache). */
  YT_DLP_PATH: z.string().min(1).optional(),
  /** Spotify's client-credentials app; without both, Spotify Search says it is not available. */
  SPOTIFY_CLIENT_ID: z.string().min(1).optional(),
  SPOTIFY_CLIENT_SECRET: z.string().min(1).optional(),
  SPOTIFY_ACCOUNTS_URL: z.url().optional(),
  SPOTIFY_API_URL: z.url().optional(),
  /** Where a Spotify track's audio is looked for: `{query}` is its title and artist (URL-encoded in a URL). */
  SPOTIFY_AUDIO_SEARCH: z.string().includes('{query}').default('ytsearch1:{query}'),
  /** The analyses' Temporal task queue (default: one derived from the data directory). */
  MATCHMAKER_REFERENCE_TASK_QUEUE: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,200}$/)
    .optional(),
};
export type ReferenceConfig = z.infer<z.ZodObject<typeof referenceConfig>>;

export interface ReferenceOptions {
  ytDlpPath?: string;
  spotify?: SpotifySettings | null;
  audioSearch?: string;
  /** Temporal and the task queue; absent: songs wait processing (no workflows in this process). */
  workflows?: { temporal: TemporalSettings; taskQueue: string };
  /** Tests: another fetcher or DNA engine. */
  fetcher?: VideoLinkFetcher;
  analyze?: ReferenceActivityDeps['analyze'];
}

/** The options from the service's settings. */
export function referenceOptionsOf(
  config: ReferenceConfig,
  infrastructure: { workflows?: TemporalSettings | undefined; dataDir: string },
): ReferenceOptions {
  const { SPOTIFY_CLIENT_ID: clientId, SPOTIFY_CLIENT_SECRET: clientSecret } = config;
  return {
    ...(config.YT_DLP_PATH ? { ytDlpPath: config.YT_DLP_PATH } : {}),
    spotify:
      clientId && clientSecret
        ? {
            clientId,
            clientSecret,
            ...(config.SPOTIFY_ACCOUNTS_URL ? { accountsBase: config.SPOTIFY_ACCOUNTS_URL } : {}),
            ...(config.SPOTIFY_API_URL ? { apiBase: config.SPOTIFY_API_URL } : {}),
          }
        : null,
    audioSearch: config.SPOTIFY_AUDIO_SEARCH,
    ...(infrastructure.workflows
      ? {
          workflows: {
            temporal: infrastructure.workflows,
            taskQueue: config.MATCHMAKER_REFERENCE_TASK_QUEUE ?? referenceTaskQueueOf(infrastructure.dataDir),
          },
        }
      : {}),
  };
}

/** `{query}` filled in: URL-encoded where the search is a URL, as typed in a yt-dlp search key. */
export const audioSearchOf = (template: string) => (query: string) =>
  template.replace(
    '{query}',
    /^https?:/i.test(template) ? encodeURIComponent(query) : query.replace(/\s+/g, ' '),
  );

/** The searches' router and the analysis worker, over the matchmaker's store and beat pool. */
export function referenceSearchFeature(deps: {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  pool: BeatPool;
  clock: () => Date;
  logger: Logger;
  options: ReferenceOptions;
}) {
  const { options, logger } = deps;
  const songs = new SongCommands(deps.store, deps.clock);
  const analysed = new AnalysedSongs(deps.db, deps.schema);
  const fetcher = options.fetcher ?? new YtDlp(options.ytDlpPath ? { command: options.ytDlpPath } : {});
  const workflows = options.workflows
    ? referenceWorkflows({
        ...options.workflows,
        songs,
        fetcher,
        logger,
        processing: async () => (await analysed.processing()).map((song) => song.songId),
        ...(options.analyze ? { analyze: options.analyze } : {}),
      })
    : null;
  if (!workflows) logger.warn('no Temporal frontend: reference songs wait processing');
  const searches = new ReferenceSearches({
    songs,
    analysed,
    pool: deps.pool,
    fetcher,
    spotify: options.spotify ? new SpotifyCatalogue(options.spotify) : null,
    audioSearch: audioSearchOf(options.audioSearch ?? 'ytsearch1:{query}'),
    startAnalysis: workflows?.start ?? null,
    logger,
  });
  return { router: referenceRouter({ pool: deps.pool, searches }), worker: workflows?.worker, searches };
}
