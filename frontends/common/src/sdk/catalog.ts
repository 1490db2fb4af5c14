// The catalog's calls as the producer pages make them (producer-side spec §7): the upload wizard's
// reference, signed upload URLs, PUTs with progress, confirm and finalize; Manage Beats' list, DNA,
// prices, name, cover art, delete, totals and full-beat playback.
import { HEADERS, type CallAnswer, type CallRequest, type DnaView } from '@beatmatch/contracts';
import { ApiError, NetworkError, type ApiClient } from './apiClient';
import { callAddress } from './callAddress';

/** The View DNA dialog's fields (spec §2): the contract's DNA view. */
export type { DnaView };

export type UploadFileType = CallRequest<'get_presignedUrl'>['type'];

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

export type LastUploadedPrice = CallAnswer<'beatmatch_last_uploaded_price'>;
export type SignedUpload = CallAnswer<'get_presignedUrl'>;
export type BeatTotals = CallAnswer<'beatmatch_get_totals'>;
export type MemberStatus = CallAnswer<'member_active_status'>;

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
    xhr.open(signed.method, signed.data);
    for (const [name, value] of Object.entries(signed.headers)) xhr.setRequestHeader(name, value);
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
      reject(
        new ApiError(message, xhr.status, undefined, xhr.getResponseHeader(HEADERS.requestId) ?? undefined),
      );
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** The producer's full beat, as the Manage Beats player loads it. */
export const beatPlayUrl = (beatId: string) => callAddress('beatmatch_manage_beats_play_beat', { beatId });

export function catalogApi(api: ApiClient) {
  return {
    lastUploadedPrice: () => api.call('beatmatch_last_uploaded_price'),
    memberActiveStatus: () => api.call('member_active_status', { type: 'producer' }),
    createReference: (body: CreateReference) =>
      api.call('beatmatch_create_reference', { ...body, isBeatBattle: false, isMySound: false }),
    uploadUrl: (type: UploadFileType, trackId: string, fileKey: string) =>
      api.call('get_presignedUrl', { type, trackId, fileKey }),
    confirmUpload: (type: UploadFileType, refId: string) =>
      api.call('aws_upload', { type, refId, isBeatBattle: false, isMySound: false }),
    /** The cover art may be left out of a private upload (required for public ones, spec §5). */
    finalize: ({
      coverArt,
      ...fields
    }: {
      name: string;
      beatRefId: string;
      zipUploaded: boolean;
      coverArt?: Blob;
    }) => api.callForm('beatmatch_upload_beat', fields, coverArt),
    manageBeats: () => api.call('beatmatch_manage_beats'),
    tags: (beatId: string) => api.call('beatmatch_manage_beats_get_tags', { beatId }),
    deleteBeat: (beatId: string, beatName: string) =>
      api.call('beatmatch_manage_beats_delete', { beatId, beatName, delete: true }),
    editPrices: (beatId: string, beatName: string, price: PackagePrices) =>
      api.call('beatmatch_manage_beats_edit', { beatId, beatName, price }),
    rename: (beatId: string, beatName: string) => api.call('beatmatch_change_name', { beatId, beatName }),
    changeCover: (beatId: string, coverArt: File) =>
      api.callForm('beatmatch_manage_beats_change_cover_art', { beatId }, coverArt),
    totals: () => api.call('beatmatch_get_totals'),
  };
}

export type CatalogApi = ReturnType<typeof catalogApi>;
