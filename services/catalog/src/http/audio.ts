import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import { HttpProblem, sendBlob, type BlobStore } from '@beatmatch/platform';

/** Pipes a blob to the response; a client that goes away mid-stream is not an error. */
export async function sendStream(body: Readable, res: Response): Promise<void> {
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
