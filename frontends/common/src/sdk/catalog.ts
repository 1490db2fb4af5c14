// The catalog's calls as the producer pages make them (producer-side spec §7): the upload wizard's
// reference, signed upload URLs, PUTs with progress, confirm and finalize; Manage Beats' list, DNA,
// prices, name, cover art, delete, totals and full-beat playback.
import type { DnaView, ManageBeatsResponse } from '@beatmatch/contracts';
import { ApiError, NetworkError, type ApiClient } from './apiClient';

/** The View DNA dialog's fields (spec §2): the contract's DNA view. */
export type { DnaView };

export type UploadFileType = 'snippet' | 'mp3' | 'wav' | 'trackout';

/** Prices in dollars with 2 decimals; '-' = no Marriage package. */
export interface PackagePrices {
  firstDatePackagePrice: string;
  relationshipPackagePrice: string;
  marriagePackagePrice: string;
}

/**
 * The upload reference: a public beat carries its prices; a private one carries the flag and no prices
 * (the catalog keeps none for it, and its kind is fixed here: finalize takes no flag).
 */
export type CreateReference = { name: string } & (PackagePrices | { isPrivate: true });

export interface LastUploadedPrice {
  firstDatePackage: string | null;
  relationshipPackage: string | null;
  marriagePackage: string;
}

export interface SignedUpload {
  data: string;
  method?: string;
  headers?: Record<string, string>;
}

export interface BeatTotals {
  data: Array<{ beatId: string; matches: number; passes: number; purchases: number }>;
  matches: number;
  passes: number;
  purchases: number;
}

export interface MemberStatus {
  lifer: boolean | number;
  subscribed: boolean | number;
  plan?: string | null;
}

export type UploadProgress = (loaded: number, total: number) => void;

/**
 * PUTs a file to a signed upload URL with progress (XMLHttpRequest: fetch reports no upload
 * progress). No CSRF header and no cookies are needed: the signature is the authorisation.
 */
export function putFile(
  signed: SignedUpload,
  file: Blob,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(signed.method ?? 'PUT', signed.data);
    for (const [name, value] of Object.entries(signed.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(file.size, file.size);
        resolve();
        return;
      }
      let message = `Upload failed (${xhr.status})`;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // not JSON (S3 answers XML): keep the status
      }
      reject(new ApiError(message, xhr.status));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export const beatPlayUrl = (beatId: string) =>
  `/api/beatmatch_manage_beats_play_beat?beatId=${encodeURIComponent(beatId)}`;

export function catalogApi(api: ApiClient) {
  return {
    lastUploadedPrice: () => api.getJson<LastUploadedPrice>('/api/beatmatch_last_uploaded_price'),
    memberActiveStatus: () => api.post<MemberStatus>('/api/member_active_status', { type: 'producer' }),
    createReference: (body: CreateReference) =>
      api.post<{ beatRefId: string }>('/api/beatmatch_create_reference', {
        ...body,
        isBeatBattle: false,
        isMySound: false,
      }),
    uploadUrl: (type: UploadFileType, trackId: string, fileKey: string) =>
      api.post<SignedUpload>('/api/get_presignedUrl', { type, trackId, fileKey }),
    confirmUpload: (type: UploadFileType, refId: string) =>
      api.post('/api/aws_upload', { type, refId, isBeatBattle: false, isMySound: false }),
    /** The cover art may be left out of a private upload (required for public ones, spec §5). */
    finalize: (fields: {
      name: string;
      beatRefId: string;
      zipUploaded: boolean;
      coverArt?: Blob | undefined;
    }) => {
      const form = new FormData();
      form.set('name', fields.name);
      form.set('beatRefId', fields.beatRefId);
      form.set('zipUploaded', String(fields.zipUploaded));
      if (fields.coverArt)
        form.set(
          'coverArt',
          fields.coverArt,
          fields.coverArt instanceof File ? fields.coverArt.name : 'cover',
        );
      return api.postForm<{ uploaded: boolean; beatId: string }>('/api/beatmatch_upload_beat', form);
    },
    manageBeats: () => api.post<ManageBeatsResponse>('/api/beatmatch_manage_beats'),
    tags: (beatId: string) => api.post<{ data: DnaView }>('/api/beatmatch_manage_beats_get_tags', { beatId }),
    deleteBeat: (beatId: string, beatName: string) =>
      api.post<{ data: string }>('/api/beatmatch_manage_beats_delete', { beatId, beatName, delete: true }),
    editPrices: (beatId: string, beatName: string, price: PackagePrices) =>
      api.post<{ updated: number; message: string }>('/api/beatmatch_manage_beats_edit', {
        beatId,
        beatName,
        price,
      }),
    rename: (beatId: string, beatName: string) =>
      api.post<{ beatName: string }>('/api/beatmatch_change_name', { beatId, beatName }),
    changeCover: (beatId: string, coverArt: File) => {
      const form = new FormData();
      form.set('beatId', beatId);
      form.set('coverArt', coverArt, coverArt.name);
      return api.postForm<{ coverArtUrl: string }>('/api/beatmatch_manage_beats_change_cover_art', form);
    },
    totals: () => api.post<BeatTotals>('/api/beatmatch_get_totals'),
  };
}

export type CatalogApi = ReturnType<typeof catalogApi>;
