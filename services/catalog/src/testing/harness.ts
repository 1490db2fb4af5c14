import { Readable } from 'node:stream';
import { beatFileKey, type BeatFileType } from '@beatmatch/contracts';
import { InProcessEventBus, type FilesystemBlobStore } from '@beatmatch/platform';
import {
  installTemporalRuntime,
  openTemporalClient,
  type TemporalClientHandle,
} from '@beatmatch/platform/workflows';
import { requireEnv, serviceTestbed, waitFor, type ServiceTestbed } from '@beatmatch/testing';
import { uploadLimitsFromMb } from '../upload/limits';
import type { NewUpload } from '../beats/commands';
import { renderDemoAudio, type DemoAudio } from '../demo/files';
import { createCatalogService, type CatalogServiceOptions } from '../index';
import type { TemporalUploadOptions } from '../upload';

export type CatalogService = Awaited<ReturnType<typeof createCatalogService>>;

/** The upload limits of the API suites: small enough to send one byte too many. */
export const smallLimits = uploadLimitsFromMb({ snippet: 1, mp3: 2, wav: 4, trackout: 4, cover: 1 });
/** The upload limits of the workflow suites: room for half a minute of real audio. */
export const audioLimits = uploadLimitsFromMb({ snippet: 10, mp3: 10, wav: 10, trackout: 10, cover: 1 });

/** The catalog's real-server suites: the shared testbed and a blob directory of the suite's own. */
export interface CatalogTestbed extends ServiceTestbed {
  /** The directory of the blob store (for a catalog in another process). */
  readonly blobRoot: string;
  readonly blobs: FilesystemBlobStore;
  /** The in-process bus a catalog runs on unless given another. */
  readonly bus: InProcessEventBus;
  /**
   * A catalog on the suite's schema and blobs (small limits and the in-process bus unless given),
   * stopped at close; started only when the suite starts it.
   */
  catalog(options?: Partial<CatalogServiceOptions>): Promise<CatalogService>;
  /**
   * A public upload up to finalize, as the API records it: drafted, each file stored under its §3 key
   * in the suite's blobs and recorded, then the files received. Answers the beat id.
   */
  receivedUpload(
    catalog: CatalogService,
    draft: Omit<NewUpload, 'kind' | 'prices'> & Partial<Pick<NewUpload, 'prices'>>,
    files: Partial<Record<BeatFileType, Buffer>>,
  ): Promise<string>;
  /** The upload workflow's options on the suite's blobs and the local Temporal server. */
  uploadOptions(taskQueue: string, more?: Partial<TemporalUploadOptions>): TemporalUploadOptions;
}

export async function catalogTestbed(name: string): Promise<CatalogTestbed> {
  const bed = await serviceTestbed({ schema: `catalog_${name}` });
  const blobRoot = await bed.tempDirectory();
  const blobs = await bed.blobStore(blobRoot);
  const bus = new InProcessEventBus();
  bed.onClose(() => bus.close());
  return {
    ...bed,
    blobRoot,
    blobs,
    bus,
    async catalog(options = {}) {
      const service = await createCatalogService({
        db: bed.db,
        bus,
        verifier: bed.verifier,
        logger: bed.logger,
        blobs: async () => blobs,
        limits: smallLimits,
        schema: bed.schema,
        ...options,
      });
      bed.onClose(() => service.stop());
      return service;
    },
    async receivedUpload(catalog, draft, files) {
      const { commands } = catalog;
      await commands.draftBeat({
        kind: 'public',
        prices: { firstDate: 1999, relationship: 3999, marriage: null },
        ...draft,
      });
      for (const [type, bytes] of Object.entries(files) as Array<[BeatFileType, Buffer]>) {
        const key = beatFileKey(draft.beatId, type);
        await blobs.put(key, Readable.from([bytes]));
        await commands.recordFile(draft.beatId, type, key, bytes.length);
      }
      await commands.receiveFiles(draft.beatId, { name: draft.name, zipUploaded: false, cover: null });
      return draft.beatId;
    },
    uploadOptions: (taskQueue, more = {}) => ({
      temporal: { address: requireEnv('TEMPORAL_ADDRESS') },
      blobs: async () => blobs,
      logger: bed.logger,
      taskQueue,
      ...more,
    }),
  };
}

/** The upload workflow's suites: Temporal's client, catalogs with room for real audio, and the audio. */
export interface WorkflowTestbed extends CatalogTestbed {
  /** A Temporal client on TEMPORAL_ADDRESS, closed at close. */
  readonly temporal: TemporalClientHandle;
  readonly audio: DemoAudio;
}

export async function workflowTestbed(name: string): Promise<WorkflowTestbed> {
  installTemporalRuntime('ERROR');
  const bed = await catalogTestbed(name);
  const temporal = await openTemporalClient({ address: requireEnv('TEMPORAL_ADDRESS') });
  bed.onClose(() => temporal.close());
  return {
    ...bed,
    catalog: (options = {}) => bed.catalog({ limits: audioLimits, ...options }),
    temporal,
    audio: sampleAudio(),
  };
}

/** The beat once the upload workflow has published it or failed it. */
export async function settled(catalog: CatalogService, beatId: string, timeoutMs = 60_000) {
  await waitFor(
    `beat ${beatId} to be published or failed`,
    async () => ['published', 'failed'].includes((await catalog.queries.beat(beatId))?.status ?? ''),
    timeoutMs,
  );
  return (await catalog.queries.beat(beatId))!;
}

/** Half a minute of a synthesised beat (128 bpm, A minor) as WAV and MP3: what the DNA engine hears. */
export const sampleAudio = (): DemoAudio =>
  renderDemoAudio({
    seed: 11,
    bpm: 128,
    beatsPerBar: 4,
    feel: 'straight',
    tonic: 9,
    mode: 'minor',
    timbre: 'B',
  });
