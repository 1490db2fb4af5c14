import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import {
  beatIdRequestSchema,
  CATALOG_MESSAGES,
  centsToDollars,
  changeNameRequestSchema,
  confirmUploadRequestSchema,
  createReferenceRequestSchema,
  deleteBeatRequestSchema,
  dollarsToCents,
  editPricesRequestSchema,
  finalizeUploadFieldsSchema,
  presignedUrlRequestSchema,
  uploadCap,
  type BeatDna,
  type BeatPrices,
  type ManagedBeat,
} from '@beatmatch/contracts';
import {
  BlobNotFoundError,
  sendBlob,
  BlobTooLargeError,
  HttpProblem,
  parseInput,
  requireUser,
  route,
  type BlobStore,
  type Logger,
} from '@beatmatch/platform';
import { readMultipart } from '../http/multipart';
import type { EntitlementsSource } from '../entitlements/projection';
import { coverArtUrl, requiredFiles, type FileType, type UploadKind } from './beat';
import {
  coverKey,
  storageKey,
  type BeatCommands,
  type BeatView,
  type UploadWorkflowStarter,
} from './commands';
import { checkCover, CHANGE_COVER_MESSAGES, UPLOAD_COVER_MESSAGES } from './cover';
import type { BeatRow, CatalogQueries } from './readModel';

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
  type: FileType;
  key: string;
  blobs: BlobStore;
  kind: UploadKind;
}) => Promise<string | null>;

export interface CatalogApiDeps {
  commands: BeatCommands;
  queries: CatalogQueries;
  entitlements: EntitlementsSource;
  blobs: () => Promise<BlobStore>;
  uploadWorkflow: UploadWorkflowStarter;
  limits: UploadLimits;
  /** The confirm step's content check; without one only a non-empty file is required. */
  verifyFile?: UploadedFileVerifier;
  clock: () => Date;
  logger: Logger;
  /** Seconds a signed upload URL stays valid. */
  uploadUrlSeconds?: number;
}

const truthy = (value: unknown) => value === true || value === 1 || value === 'true' || value === '1';

function kindOf(body: { isBeatBattle?: unknown; isMySound?: unknown; isPrivate?: unknown }): UploadKind {
  if (truthy(body.isBeatBattle)) return 'beatBattle';
  if (truthy(body.isMySound)) return 'mySound';
  if (truthy(body.isPrivate)) return 'private';
  return 'public';
}

function cents(value: unknown): number {
  const parsed = dollarsToCents(value);
  if ('error' in parsed) throw new HttpProblem(400, parsed.error, 'price');
  return parsed.cents;
}

/** '-' (or nothing) means no Marriage package. */
function marriageCents(value: unknown): number | null {
  if (value === undefined || value === null || value === '' || value === '-') return null;
  return cents(value);
}

const dollars = (row: Pick<BeatRow, 'prices'>) => ({
  firstDatePackagePrice: centsToDollars(row.prices.firstDate),
  secondPackagePrice: centsToDollars(row.prices.relationship),
  thirdPackagePrice: centsToDollars(row.prices.marriage),
});

function managed(row: BeatRow): ManagedBeat {
  return {
    beatId: row.beatId,
    beatName: row.name,
    coverArtUrl: coverArtUrl(row.beatId, row.cover),
    ...dollars(row),
    isPending: row.status === 'filesReceived' || row.status === 'analysing',
    isPrivate: row.isPrivate,
    crate: row.crate,
    failedReason: row.status === 'failed' ? row.failureReason : null,
  };
}

/** The 19 fields of the View DNA dialog (spec §2); tag lists as their tag names. */
export function dnaTags(dna: BeatDna) {
  const names = (tags: Array<{ tag: string }>) => tags.map((t) => t.tag);
  return {
    genreTags: names(dna.genreTags),
    subgenreTags: names(dna.subgenreTags),
    transformerCaption: dna.transformerCaption,
    bpmRangeAdjusted: dna.bpmRangeAdjusted,
    moodTags: names(dna.moodTags),
    moodAdvancedTags: names(dna.moodAdvancedTags),
    emotionalDynamics: names(dna.emotionalDynamics),
    movementTags: names(dna.movementTags),
    valence: dna.valence,
    arousal: dna.arousal,
    energyDynamics: names(dna.energyDynamics),
    energyLevel: dna.energyLevel,
    musicalEraTag: names(dna.musicalEraTag),
    instrumentTags: names(dna.instrumentTags),
    characterTags: names(dna.characterTags),
    keyPrediction: dna.keyPrediction,
    timeSignature: dna.timeSignature,
    classicalEpochTags: names(dna.classicalEpochTags),
    voiceTags: names(dna.voiceTags),
  };
}

const MB = 1024 * 1024;

export function catalogRouter(deps: CatalogApiDeps): Router {
  const router = Router();
  const { commands, queries } = deps;
  const uploadSeconds = deps.uploadUrlSeconds ?? 3600;

  // Public: cover images (long-cached; `v` changes with every new cover).
  router.get(
    '/covers',
    route(async (req, res) => {
      const beatId = typeof req.query.beatId === 'string' ? req.query.beatId : '';
      const row = beatId ? await queries.beat(beatId) : null;
      if (!row?.cover) throw new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found');
      const blobs = await deps.blobs();
      const { body, stat } = await blobs.get(row.cover.key).catch((error: unknown) => {
        if (error instanceof BlobNotFoundError)
          throw new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found');
        throw error;
      });
      const current = String(req.query.v ?? '') === String(row.cover.version);
      res.setHeader('Content-Type', row.cover.contentType);
      res.setHeader('Content-Length', String(stat.size));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache');
      await sendStream(body, res);
    }),
  );

  router.use(requireUser);

  /** The caller's own beat (any state but deleted), or 404 / 403. */
  async function ownBeat(req: Request, beatId: string): Promise<BeatView> {
    const beat = await commands.getBeat(beatId);
    if (!beat) throw new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found');
    if (beat.producerId !== req.caller!.userId)
      throw new HttpProblem(403, 'You can only change your own beats.', 'not_owner');
    return beat;
  }
  async function ownDraft(req: Request, beatId: string): Promise<BeatView> {
    const beat = await ownBeat(req, beatId);
    if (beat.status !== 'draft')
      throw new HttpProblem(409, 'This upload is already finished. Please start a new upload.', 'not_draft');
    return beat;
  }

  async function checkCap(producerId: string, finalizing?: string) {
    const cap = uploadCap(await deps.entitlements.of(producerId));
    const count = await queries.uploadCount(
      producerId,
      deps.clock(),
      finalizing ? { exceptBeatId: finalizing, finalizedOnly: true } : {},
    );
    if (count >= cap)
      throw new HttpProblem(
        403,
        cap === 3
          ? CATALOG_MESSAGES.uploadCap
          : `You can only upload ${cap} beats. Please upgrade your plan to upload more.`,
        'upload_cap',
      );
  }

  router.get(
    '/uploads/last-price',
    route(async (req, res) => {
      const prices = await queries.lastUploadedPrices(req.caller!.userId!);
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        prices
          ? {
              firstDatePackage: centsToDollars(prices.firstDate),
              relationshipPackage: centsToDollars(prices.relationship),
              marriagePackage: centsToDollars(prices.marriage),
            }
          : { firstDatePackage: null, relationshipPackage: null, marriagePackage: '-' },
      );
    }),
  );

  router.post(
    '/uploads/reference',
    route(async (req, res) => {
      const body = parseInput(createReferenceRequestSchema, req.body);
      const name = body.name.trim();
      if (!name) throw new HttpProblem(400, CATALOG_MESSAGES.nameRequired, 'name_required');
      const kind = kindOf(body);
      const priced = kind === 'public' || kind === 'mySound';
      const prices: BeatPrices = priced
        ? {
            firstDate: cents(body.firstDatePackagePrice),
            relationship: cents(body.relationshipPackagePrice),
            marriage: marriageCents(body.marriagePackagePrice),
          }
        : { firstDate: 0, relationship: 0, marriage: null };
      const producerId = req.caller!.userId!;
      await checkCap(producerId);
      const beatId = randomUUID();
      await commands.draftBeat({
        beatId,
        producerId,
        producerName: req.caller!.userName ?? '',
        name,
        kind,
        prices,
      });
      res.json({ beatRefId: beatId });
    }),
  );

  const keyFor = (beatId: string, type: FileType, fileName: string | undefined) =>
    storageKey(beatId, type, type === 'trackout' && /\.rar$/i.test(fileName ?? '') ? 'rar' : 'zip');

  router.post(
    '/uploads/url',
    route(async (req, res) => {
      const body = parseInput(presignedUrlRequestSchema, req.body);
      const beat = await ownDraft(req, body.trackId);
      if (!requiredFiles(beat.kind, true).includes(body.type))
        throw new HttpProblem(400, `A ${body.type} file is not part of this upload.`, 'file_type');
      const key = keyFor(beat.beatId, body.type, body.fileKey);
      const blobs = await deps.blobs();
      if (body.type === 'trackout') {
        // A stems file of the other archive type from an earlier attempt would be ambiguous: drop it.
        const other = key.endsWith('.rar')
          ? storageKey(beat.beatId, 'trackout', 'zip')
          : storageKey(beat.beatId, 'trackout', 'rar');
        await blobs.delete(other);
      }
      const signed = await blobs.signedUploadUrl(key, {
        expiresIn: uploadSeconds,
        maxBytes: deps.limits[body.type],
      });
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        data: signed.url,
        method: signed.method,
        headers: signed.headers,
        expiresAt: signed.expiresAt,
      });
    }),
  );

  router.post(
    '/uploads/confirm',
    route(async (req, res) => {
      const body = parseInput(confirmUploadRequestSchema, req.body);
      const beat = await ownDraft(req, body.refId);
      if (!requiredFiles(beat.kind, true).includes(body.type))
        throw new HttpProblem(400, `A ${body.type} file is not part of this upload.`, 'file_type');
      const blobs = await deps.blobs();
      const candidates =
        body.type === 'trackout'
          ? [storageKey(beat.beatId, 'trackout', 'zip'), storageKey(beat.beatId, 'trackout', 'rar')]
          : [storageKey(beat.beatId, body.type, body.type === 'wav' ? 'wav' : 'mp3')];
      let key: string | undefined;
      let size = 0;
      for (const candidate of candidates) {
        try {
          const stat = await blobs.checkUpload(candidate, { maxBytes: deps.limits[body.type] });
          key = candidate;
          size = stat.size;
          break;
        } catch (error) {
          if (error instanceof BlobTooLargeError)
            throw new HttpProblem(413, 'The file is too large.', 'file_too_large');
          if (!(error instanceof BlobNotFoundError)) throw error;
        }
      }
      if (!key || size === 0) {
        if (key) await blobs.delete(key);
        throw new HttpProblem(400, CATALOG_MESSAGES.emptyFiles, 'empty_file');
      }
      // The content check (signature, headers, duration, bitrate) of the confirm step.
      const problem = deps.verifyFile
        ? await deps.verifyFile({ type: body.type, key, blobs, kind: beat.kind })
        : null;
      if (problem) {
        await blobs.delete(key);
        throw new HttpProblem(400, problem, 'file_content');
      }
      await commands.recordFile(beat.beatId, body.type, key, size);
      res.json({ uploaded: body.type });
    }),
  );

  router.post(
    '/uploads/finalize',
    route(async (req, res) => {
      const form = await readMultipart(req, {
        fileField: 'coverArt',
        maxFileBytes: deps.limits.cover,
        tooLargeMessage: CATALOG_MESSAGES.coverTooLarge,
      });
      const fields = parseInput(finalizeUploadFieldsSchema, form.fields);
      const name = fields.name.trim();
      if (!name) throw new HttpProblem(400, CATALOG_MESSAGES.nameRequired, 'name_required');
      const beat = await ownBeat(req, fields.beatRefId);
      if (beat.status !== 'draft') {
        if (beat.status === 'failed')
          throw new HttpProblem(409, beat.failureReason ?? 'This upload failed.', 'upload_failed');
        // A retried finalize: the files are in; make sure the workflow runs.
        await deps.uploadWorkflow.start(beat.beatId);
        res.json({ uploaded: true, beatId: beat.beatId });
        return;
      }
      await checkCap(beat.producerId, beat.beatId);
      const zipUploaded = truthy(fields.zipUploaded);
      const needed = requiredFiles(beat.kind, zipUploaded);
      if (needed.some((type) => !beat.uploads[type]))
        throw new HttpProblem(400, CATALOG_MESSAGES.emptyFiles, 'missing_files');
      if (beat.prices.marriage !== null && !zipUploaded)
        throw new HttpProblem(400, 'The Marriage package needs stems.', 'marriage_needs_stems');
      let cover: { key: string; contentType: 'image/png' | 'image/jpeg' } | null = null;
      if (form.file) {
        const contentType = checkCover(form.file.data, UPLOAD_COVER_MESSAGES);
        const key = coverKey(beat.beatId, randomUUID(), contentType);
        await (await deps.blobs()).put(key, Readable.from([form.file.data]), { contentType });
        cover = { key, contentType };
      } else if (beat.kind === 'public') {
        throw new HttpProblem(400, CATALOG_MESSAGES.coverRequired, 'cover_required');
      }
      try {
        await commands.receiveFiles(beat.beatId, { name, zipUploaded, cover });
      } catch (error) {
        if (cover) await (await deps.blobs()).delete(cover.key);
        throw error;
      }
      await deps.uploadWorkflow.start(beat.beatId);
      res.json({ uploaded: true, beatId: beat.beatId });
    }),
  );

  router.post(
    '/beats/manage',
    route(async (req, res) => {
      const rows = await queries.beatsOf(req.caller!.userId!);
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        uploaded: rows.filter((row) => row.status === 'published').map(managed),
        pending: rows
          .filter((row) => row.status === 'filesReceived' || row.status === 'analysing')
          .map(managed),
        failed: rows.filter((row) => row.status === 'failed').map(managed),
      });
    }),
  );

  router.post(
    '/beats/tags',
    route(async (req, res) => {
      const { beatId } = parseInput(beatIdRequestSchema, req.body);
      const beat = await ownBeat(req, beatId);
      if (!beat.dna)
        throw new HttpProblem(409, 'Performing DNA Test... The tags appear when it is done.', 'dna_pending');
      res.json({ data: dnaTags(beat.dna) });
    }),
  );

  router.post(
    '/beats/delete',
    route(async (req, res) => {
      const { beatId } = parseInput(deleteBeatRequestSchema, req.body);
      await ownBeat(req, beatId);
      // The files stay: buyers keep their downloads of a deleted beat.
      await commands.deleteBeat(beatId);
      res.json({ data: beatId });
    }),
  );

  router.post(
    '/beats/prices',
    route(async (req, res) => {
      const body = parseInput(editPricesRequestSchema, req.body);
      const { price } = body;
      const firstDate = cents(price.firstDatePackagePrice);
      const relationship = cents(price.relationshipPackagePrice);
      const marriage = marriageCents(price.marriagePackagePrice);
      const all = String(body.beatId) === '0' && body.beatName === 'All Beats';
      if (all) {
        let updated = 0;
        for (const row of await queries.beatsOf(req.caller!.userId!)) {
          if (row.isPrivate) continue;
          // Beats without a Marriage package keep '-'; with one, '-' keeps its price.
          const ownMarriage = row.prices.marriage === null ? null : (marriage ?? row.prices.marriage);
          await commands.reprice(row.beatId, { firstDate, relationship, marriage: ownMarriage });
          updated += 1;
        }
        res.json({ updated, message: "Updated all of your beats' prices" });
        return;
      }
      const beat = await ownBeat(req, String(body.beatId));
      await commands.reprice(beat.beatId, { firstDate, relationship, marriage });
      res.json({ updated: 1, message: `Updated ${beat.name}'s prices` });
    }),
  );

  router.post(
    '/beats/name',
    route(async (req, res) => {
      const body = parseInput(changeNameRequestSchema, req.body);
      const name = body.beatName.trim();
      if (!name) throw new HttpProblem(400, CATALOG_MESSAGES.nameRequired, 'name_required');
      await ownBeat(req, body.beatId);
      await commands.rename(body.beatId, name);
      res.json({ beatName: name });
    }),
  );

  router.post(
    '/beats/cover-url',
    route(async (req, res) => {
      const { beatId } = parseInput(beatIdRequestSchema, req.body);
      const beat = await ownBeat(req, beatId);
      res.json({ coverArtUrl: beat.coverArtUrl });
    }),
  );

  router.post(
    '/beats/cover',
    route(async (req, res) => {
      const form = await readMultipart(req, {
        fileField: 'coverArt',
        maxFileBytes: deps.limits.cover,
        tooLargeMessage: CATALOG_MESSAGES.coverTooLarge,
      });
      const { beatId } = parseInput(beatIdRequestSchema, form.fields);
      const beat = await ownBeat(req, beatId);
      if (!form.file) throw new HttpProblem(400, CATALOG_MESSAGES.coverRequired, 'cover_required');
      const contentType = checkCover(form.file.data, CHANGE_COVER_MESSAGES);
      const key = coverKey(beat.beatId, randomUUID(), contentType);
      const blobs = await deps.blobs();
      await blobs.put(key, Readable.from([form.file.data]), { contentType });
      const cover = await commands.changeCover(beat.beatId, { key, contentType });
      // The old image stays until it is replaced in every cache; it is small.
      res.json({ coverArtUrl: coverArtUrl(beat.beatId, cover) });
    }),
  );

  router.get(
    '/beats/play',
    route(async (req, res) => {
      const beatId = typeof req.query.beatId === 'string' ? req.query.beatId : '';
      if (!beatId) throw new HttpProblem(400, CATALOG_MESSAGES.beatRequired, 'beat_required');
      const beat = await ownBeat(req, beatId);
      const key = beat.files?.mp3Key ?? beat.uploads.mp3?.key;
      if (!key) throw new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found');
      await streamAudio(req, res, await deps.blobs(), key);
    }),
  );

  router.post(
    '/beats/totals',
    route(async (req, res) => {
      const rows = await queries.beatsOf(req.caller!.userId!);
      const data = rows.map((row) => ({ beatId: row.beatId, ...row.stats }));
      const sum = (field: 'matches' | 'passes' | 'purchases') => data.reduce((n, row) => n + row[field], 0);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ data, matches: sum('matches'), passes: sum('passes'), purchases: sum('purchases') });
    }),
  );

  return router;
}

/** Pipes a blob to the response; a client that goes away mid-stream is not an error. */
async function sendStream(body: Readable, res: Response): Promise<void> {
  try {
    await pipeline(body, res);
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy();
  }
}

/** Streams an MP3 from the blob store, honouring a single Range (206, 416); never cached. */
export const streamAudio = (req: Request, res: Response, blobs: BlobStore, key: string): Promise<void> =>
  sendBlob(req, res, blobs, key, {
    contentType: 'audio/mpeg',
    cacheControl: 'private, no-store',
    notFound: () => new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found'),
  });

/** Upload size limits from the service settings (megabytes). */
export const uploadLimitsFromMb = (mb: Record<keyof UploadLimits, number>): UploadLimits => ({
  snippet: mb.snippet * MB,
  mp3: mb.mp3 * MB,
  wav: mb.wav * MB,
  trackout: mb.trackout * MB,
  cover: mb.cover * MB,
});
