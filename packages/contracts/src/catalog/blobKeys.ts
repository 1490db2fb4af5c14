/*
 * Where a beat's files live in blob storage (producer-side spec §3): the one key layout the catalog
 * writes, the services that stream or sign the files read, and tests and benches seed.
 */

/** The file types an upload sends (get_presignedUrl's `type`). */
export const BEAT_FILE_TYPES = ['snippet', 'mp3', 'wav', 'trackout'] as const;
export type BeatFileType = (typeof BEAT_FILE_TYPES)[number];
/** A trackout (stems) archive is a zip or a rar; the audio extensions follow the type. */
export type BeatFileExtension = 'mp3' | 'wav' | 'zip' | 'rar';

/** The snippet the player streams: `snippets/<beatId>.mp3`. */
export const snippetKey = (beatId: string) => `snippets/${beatId}.mp3`;
/** The full beat as MP3: `wavs_and_mp3s/<beatId>.mp3`. */
export const mp3Key = (beatId: string) => `wavs_and_mp3s/${beatId}.mp3`;
/** The full beat as WAV: `wavs_and_mp3s/<beatId>.wav`. */
export const wavKey = (beatId: string) => `wavs_and_mp3s/${beatId}.wav`;
/** The stems: `trackouts/<beatId>.zip` (or `.rar`). */
export const stemsKey = (beatId: string, archive: 'zip' | 'rar' = 'zip') => `trackouts/${beatId}.${archive}`;

/** The key of one of a beat's files by its upload type (`extension` only tells a rar trackout apart). */
export function beatFileKey(beatId: string, type: BeatFileType, extension?: BeatFileExtension): string {
  switch (type) {
    case 'snippet':
      return snippetKey(beatId);
    case 'mp3':
      return mp3Key(beatId);
    case 'wav':
      return wavKey(beatId);
    case 'trackout':
      return stemsKey(beatId, extension === 'rar' ? 'rar' : 'zip');
  }
}

/**
 * One cover image: `covers/<beatId>/<token>.png|jpg`. Every change stores a new blob (a fresh `token`,
 * e.g. a uuid), so a long-cached cover URL (its `v` is the cover's version) never shows a stale image.
 */
export const coverKey = (beatId: string, token: string, contentType: 'image/png' | 'image/jpeg') =>
  `covers/${beatId}/${token}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
