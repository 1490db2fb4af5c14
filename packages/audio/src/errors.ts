/** Why an input could not be analysed. Callers map these to user-facing messages; they are never crashes. */
export type DnaErrorCode =
  | 'UNSUPPORTED_FORMAT' // not WAV or MP3, or a WAV encoding we do not read
  | 'CORRUPT' // a WAV/MP3 whose structure is broken beyond recovery
  | 'TOO_SHORT' // less than MIN_ANALYSABLE_SECONDS of audio
  | 'SILENT' // no signal above the silence threshold
  | 'TIMEOUT' // the worker did not finish in time
  | 'WORKER_FAILED'; // the worker thread died (e.g. out of its memory limit)

export class DnaError extends Error {
  override readonly name = 'DnaError';
  constructor(
    readonly code: DnaErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const MIN_ANALYSABLE_SECONDS = 2;
