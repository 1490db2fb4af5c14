import { z } from 'zod';
import { contract, instant, type PayloadOf } from './contract';

/*
 * The catalog's integration events (producer-side spec §3, §4). The catalog is the only owner of beat
 * data; matchmaker, commerce, payouts and the content pages keep their own projections of these.
 *
 * Money is integer US cents everywhere in events (the API speaks dollars with 2 decimals); a missing
 * Marriage package (the spec's '-') is `null`.
 */

/** The bus topic the catalog publishes on. */
export const CATALOG_TOPIC = 'catalog';

export const PACKAGES = ['firstDate', 'relationship', 'marriage'] as const;
export type PackageName = (typeof PACKAGES)[number];
/** The spec's display names of the three licence packages. */
export const PACKAGE_TITLES: Record<PackageName, string> = {
  firstDate: 'First Date Package',
  relationship: 'Relationship Package',
  marriage: 'Marriage Package',
};

/** The upload paths of the wizard (producer-side spec §4). */
export const UPLOAD_KINDS = ['public', 'private', 'beatBattle', 'mySound'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const cents = z.number().int().nonnegative();
export const beatPricesSchema = z.object({
  firstDate: cents,
  relationship: cents,
  /** null: no Marriage package (no stems), shown as '-'. */
  marriage: cents.nullable(),
});
export type BeatPrices = z.infer<typeof beatPricesSchema>;

export const crateSchema = z.enum(['active', 'inactive']);
export type Crate = z.infer<typeof crateSchema>;

const scoredTags = z.array(z.object({ tag: z.string(), score: z.number() }));

/**
 * A beat's DNA as the catalog publishes it: the 19 fields of the View DNA dialog, the measured tempo
 * and the L2-normalised embedding (cosine similarity = dot product) that matching and search rank by.
 */
export const beatDnaSchema = z.object({
  version: z.string(),
  genreTags: scoredTags,
  subgenreTags: scoredTags,
  transformerCaption: z.string(),
  bpmRangeAdjusted: z.number(),
  moodTags: scoredTags,
  moodAdvancedTags: scoredTags,
  emotionalDynamics: scoredTags,
  movementTags: scoredTags,
  valence: z.number(),
  arousal: z.number(),
  energyDynamics: scoredTags,
  energyLevel: z.number(),
  musicalEraTag: scoredTags,
  instrumentTags: scoredTags,
  characterTags: scoredTags,
  keyPrediction: z.object({
    value: z.string(),
    tonic: z.string(),
    mode: z.enum(['major', 'minor']),
    confidence: z.number(),
  }),
  timeSignature: z.string(),
  classicalEpochTags: scoredTags,
  voiceTags: scoredTags,
  bpm: z.object({ value: z.number(), confidence: z.number() }),
  durationSeconds: z.number().nonnegative(),
  embedding: z.array(z.number()),
});
export type BeatDna = z.infer<typeof beatDnaSchema>;

/** Blob-storage keys of a beat's files (spec §3: wavs_and_mp3s/{id}.mp3|.wav, trackouts/{id}.zip|.rar, snippets/{id}.mp3). */
export const beatFilesSchema = z.object({
  /** null for private, beat-battle and my-sound uploads (no snippet step). */
  snippetKey: z.string().nullable(),
  mp3Key: z.string(),
  wavKey: z.string().nullable(),
  stemsKey: z.string().nullable(),
});
export type BeatFiles = z.infer<typeof beatFilesSchema>;

export const beatPublishedV1 = contract(
  'catalog.BeatPublished',
  1,
  z.object({
    beatId: z.string().min(1),
    producerId: z.string().min(1),
    producerName: z.string(),
    name: z.string().min(1),
    prices: beatPricesSchema,
    isPrivate: z.boolean(),
    crate: crateSchema,
    /** Beats of the embedded profile's demo catalogue. */
    demo: z.boolean(),
    /**
     * The upload path it came through (producer-side spec §4): beat battles take 'beatBattle' uploads
     * only. Absent in events published before it was carried.
     */
    kind: z.enum(UPLOAD_KINDS).optional(),
    /** A URL path the browser can load (e.g. /api/... or a signed blob URL), null: the default image. */
    coverArtUrl: z.string().nullable(),
    files: beatFilesSchema,
    dna: beatDnaSchema,
    publishedAt: instant,
  }),
);
export const beatPricedV1 = contract(
  'catalog.BeatPriced',
  1,
  z.object({ beatId: z.string().min(1), prices: beatPricesSchema, pricedAt: instant }),
);
export const beatRenamedV1 = contract(
  'catalog.BeatRenamed',
  1,
  z.object({ beatId: z.string().min(1), name: z.string().min(1), renamedAt: instant }),
);
export const beatCoverChangedV1 = contract(
  'catalog.BeatCoverChanged',
  1,
  z.object({ beatId: z.string().min(1), coverArtUrl: z.string().nullable(), changedAt: instant }),
);
export const beatPrivacyChangedV1 = contract(
  'catalog.BeatPrivacyChanged',
  1,
  z.object({ beatId: z.string().min(1), isPrivate: z.boolean(), changedAt: instant }),
);
export const beatCrateChangedV1 = contract(
  'catalog.BeatCrateChanged',
  1,
  z.object({ beatId: z.string().min(1), crate: crateSchema, changedAt: instant }),
);
export const beatDeletedV1 = contract(
  'catalog.BeatDeleted',
  1,
  z.object({ beatId: z.string().min(1), producerId: z.string().min(1), deletedAt: instant }),
);

export type BeatPublishedPayload = PayloadOf<typeof beatPublishedV1>;

export const catalogEventContracts = [
  beatPublishedV1,
  beatPricedV1,
  beatRenamedV1,
  beatCoverChangedV1,
  beatPrivacyChangedV1,
  beatCrateChangedV1,
  beatDeletedV1,
] as const;
