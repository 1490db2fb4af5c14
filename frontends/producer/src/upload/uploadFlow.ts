// Step 3 of the wizard (producer-side spec §4 "Upload phases" and "File upload order"): the
// reference (a private upload's carries the flag), then per file a signed URL, the PUT and the confirm
// (each retried up to 2 more times), then finalize with the cover art.
import {
  ApiError,
  describeError,
  putFile,
  reportError,
  type CatalogApi,
  type PackagePrices,
  type UploadFileType,
} from '@beatmatch/frontend-common/sdk';
import type { ErrorReport } from '@beatmatch/contracts';
import { MESSAGES } from './checks';

export type UploadPhase = 'preparing' | 'uploading' | 'checking' | 'finalizing';

export const PHASE_TEXT: Record<UploadPhase, string> = {
  preparing: 'Preparing upload. Please wait a moment',
  uploading: 'Uploading. Please wait a few minutes.',
  checking: 'Checking upload. Please wait a moment',
  finalizing: 'Finalizing upload. Please wait a moment',
};

export const FILE_LABEL: Record<UploadFileType, string> = {
  snippet: 'snippet',
  mp3: 'mp3',
  wav: 'wav',
  trackout: 'track stems',
};

/** A public upload: prices, cover art (required) and the snippet cut in step 2. */
export interface PublicUploadInput {
  kind: 'public';
  name: string;
  prices: PackagePrices;
  cover: File;
  snippet: Blob;
  mp3: Blob;
  wav: File;
  stems?: File | undefined;
}

/** A private upload: no prices, no snippet step; the cover art is optional (spec §4, §5). */
export interface PrivateUploadInput {
  kind: 'private';
  name: string;
  cover?: File | undefined;
  mp3: Blob;
  wav: File;
  stems?: File | undefined;
}

export type UploadInput = PublicUploadInput | PrivateUploadInput;

export interface UploadEvents {
  phase(phase: UploadPhase): void;
  /** Bytes sent of one file (its bar) and which file is current. */
  progress(type: UploadFileType, loaded: number, total: number): void;
}

/** A step is tried up to 3 times in all (spec §9: 2 retries). */
export const ATTEMPTS = 3;

/**
 * A refusal the producer must read (a 4xx with the server's text: cap, file content, a price) is not
 * retried; a network failure, a 5xx or a timeout is.
 */
export const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 429].includes(error.status);

export async function withRetries<T>(
  step: () => Promise<T>,
  attempts = ATTEMPTS,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  onFailedAttempt: (error: unknown, attempt: number) => void = () => undefined,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      onFailedAttempt(error, attempt);
      if (isFinalRefusal(error)) throw error;
      if (attempt >= attempts) throw new UploadFailed();
      await wait(500 * attempt);
    }
  }
}

type UploadStep = NonNullable<ErrorReport['step']>;

/**
 * Reports each failed attempt of an upload step (producer-side §8: "every failed upload step is also
 * reported"): the step, the file kind, the attempt and the failed request's trace id.
 */
const reportStep =
  (step: () => UploadStep, fileKind: NonNullable<ErrorReport['fileKind']>) =>
  (error: unknown, attempt: number) => {
    const traceId = error instanceof ApiError ? error.requestId : undefined;
    reportError({
      kind: 'upload',
      step: step(),
      fileKind,
      attempt,
      message: describeError(error),
      ...(traceId ? { traceId } : {}),
    });
  };

export class UploadFailed extends Error {
  constructor() {
    super(MESSAGES.uploadFailed);
    this.name = 'UploadFailed';
  }
}

/**
 * The files in the spec's order (§4 File upload order): public — snippet, mp3, wav, then stems if any;
 * private — mp3, wav, then stems if any.
 */
export function uploadOrder(input: UploadInput) {
  const files: Array<{ type: UploadFileType; file: Blob; name: string }> = [
    ...(input.kind === 'public'
      ? [{ type: 'snippet' as const, file: input.snippet, name: 'snippet.mp3' }]
      : []),
    { type: 'mp3', file: input.mp3, name: 'beat.mp3' },
    { type: 'wav', file: input.wav, name: input.wav.name || 'beat.wav' },
  ];
  if (input.stems) files.push({ type: 'trackout', file: input.stems, name: input.stems.name });
  return files;
}

export async function runUpload(
  catalog: CatalogApi,
  input: UploadInput,
  events: UploadEvents,
  signal?: AbortSignal,
): Promise<{ beatId: string }> {
  events.phase('preparing');
  // The private flag goes with the reference: the catalog fixes the upload's kind (and its files) there.
  const { beatRefId } = await catalog.createReference(
    input.kind === 'public' ? { name: input.name, ...input.prices } : { name: input.name, isPrivate: true },
  );
  const files = uploadOrder(input);
  for (const { type, file, name } of files) {
    events.phase('uploading');
    events.progress(type, 0, file.size);
    let step: UploadStep = 'url';
    await withRetries(
      async () => {
        step = 'url';
        const signed = await catalog.uploadUrl(type, beatRefId, name);
        step = 'put';
        await putFile(signed, file, (loaded, total) => events.progress(type, loaded, total), signal);
        events.phase('checking');
        step = 'confirm';
        await catalog.confirmUpload(type, beatRefId);
      },
      ATTEMPTS,
      undefined,
      reportStep(() => step, type),
    );
  }
  events.phase('finalizing');
  await withRetries(
    () =>
      catalog.finalize({
        name: input.name,
        beatRefId,
        zipUploaded: Boolean(input.stems),
        coverArt: input.cover,
      }),
    ATTEMPTS,
    undefined,
    reportStep(() => 'finalize', 'cover'),
  );
  return { beatId: beatRefId };
}
