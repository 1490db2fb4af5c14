import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import {
  blobAnswerHeaders,
  BlobNotFoundError,
  BlobRangeError,
  HttpProblem,
  requestedBlobRange,
  sendBlob,
  type BlobStat,
  type BlobStore,
} from '@beatmatch/platform';

/** Default memory for snippet bytes: about 270 snippets of 30 s at 128 kbit/s. */
export const DEFAULT_SNIPPET_CACHE_BYTES = 128 * 1024 * 1024;
/** A snippet larger than this is streamed from the store and never held (a snippet is ~0.5 MB). */
export const MAX_CACHED_SNIPPET_BYTES = 4 * 1024 * 1024;

interface Held {
  stat: BlobStat;
  bytes: Buffer;
}

/**
 * The snippets listeners play, held in memory (README, "Snippets"): the player's hot path answers from
 * here with one write per request, the store is read once per snippet (concurrent first plays share
 * that read), and the least recently played snippets leave first when the bytes exceed the budget. A
 * snippet never changes under its key (a new upload gets a new key), so nothing needs invalidating;
 * whether a beat may still be played is checked before every answer, not cached here.
 */
export class SnippetCache {
  private readonly held: LRUCache<string, Held>;

  constructor(
    private readonly blobs: () => Promise<BlobStore>,
    maxBytes = DEFAULT_SNIPPET_CACHE_BYTES,
  ) {
    this.held = new LRUCache<string, Held>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (value) => Math.max(1, value.bytes.length),
      fetchMethod: async (key) => {
        const store = await this.blobs();
        const stat = await store.head(key);
        if (!stat || stat.size > MAX_CACHED_SNIPPET_BYTES || stat.size > maxBytes) return undefined;
        const { body } = await store.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return { stat, bytes: Buffer.concat(chunks) };
      },
    });
  }

  /** The snippet's bytes and stat when it is (or now gets) held; undefined when it is too large to hold. */
  get(key: string): Promise<Held | undefined> {
    return this.held.fetch(key);
  }

  /** Bytes held now (for the bench and tests). */
  get heldBytes(): number {
    return this.held.calculatedSize;
  }

  /** Answers one snippet request: from memory when held, else streamed from the store. */
  async serve(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    let held: Held | undefined;
    try {
      held = await this.get(key);
    } catch (error) {
      throw snippetProblem(error);
    }
    if (held) sendHeld(req, res, held);
    else await streamSnippet(req, res, await this.blobs(), key);
  }
}

/**
 * A snippet's answer: it never changes under its key; an hour keeps a beat made private from lingering
 * in caches (the player stops serving it at once). Revalidation by ETag answers 304.
 */
const SNIPPET_ANSWER = {
  cacheControl: 'public, max-age=3600',
  fallbackContentType: 'audio/mpeg',
  revalidate: true,
  notFound: () => new HttpProblem(404, MATCHMAKER_MESSAGES.beatNotFound, 'beat_not_found'),
};

function sendHeld(req: IncomingMessage, res: ServerResponse, { stat, bytes }: Held) {
  if (blobAnswerHeaders(req, res, stat, SNIPPET_ANSWER)) return;
  const range = requestedBlobRange(req, res, bytes.length);
  const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
  if (range) {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${bytes.length}`);
  }
  res.setHeader('Content-Length', String(body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

const snippetProblem = (error: unknown) =>
  error instanceof BlobRangeError
    ? new HttpProblem(416, 'Range not satisfiable', 'bad_range')
    : error instanceof BlobNotFoundError
      ? SNIPPET_ANSWER.notFound()
      : error;

/** Streams a snippet from the blob store (one too large to hold), with the same answer rules. */
export const streamSnippet = (req: IncomingMessage, res: ServerResponse, blobs: BlobStore, key: string) =>
  sendBlob(req, res, blobs, key, SNIPPET_ANSWER);
