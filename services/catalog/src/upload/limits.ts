import type { BeatFileType } from '@beatmatch/contracts';
import type { BlobStore } from '@beatmatch/platform';
import type { UploadKind } from '../beats/beat';

/** Largest body a signed upload URL accepts, per file type (CATALOG_MAX_*_MB settings). */
export interface UploadLimits {
  snippet: number;
  mp3: number;
  wav: number;
  trackout: number;
  cover: number;
}

/**
 * Checks an uploaded file by its content (helper "catalog-upload"'s verifier in src/verify): resolves
 * to null when the file is what its type says, or to the spec's message for the producer.
 */
export type UploadedFileVerifier = (input: {
  type: BeatFileType;
  key: string;
  blobs: BlobStore;
  kind: UploadKind;
}) => Promise<string | null>;

const MB = 1024 * 1024;

/** Upload size limits from the service settings (megabytes). */
export const uploadLimitsFromMb = (mb: Record<keyof UploadLimits, number>): UploadLimits => ({
  snippet: mb.snippet * MB,
  mp3: mb.mp3 * MB,
  wav: mb.wav * MB,
  trackout: mb.trackout * MB,
  cover: mb.cover * MB,
});
