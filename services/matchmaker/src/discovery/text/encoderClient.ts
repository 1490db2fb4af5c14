import { Worker } from 'node:worker_threads';
import type { SentenceEncoder } from './sentenceModel';

/** A batch refused or cut short because the encoder was closed: the expected end at shutdown, not a fault. */
export class EncoderStoppedError extends Error {
  constructor() {
    super('The sentence encoder stopped.');
    this.name = 'EncoderStoppedError';
  }
}

interface Job {
  id: number;
  texts: string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/**
 * The sentence encoder in its own worker thread (model loading fetches files synchronously, and
 * inference takes milliseconds of CPU a text), one batch at a time. Queries go ahead of the beat
 * descriptions the index embeds in the background, so a search waits for at most one small batch.
 */
export class EncoderThread implements SentenceEncoder {
  private worker: Worker | undefined;
  private running: Job | undefined;
  private readonly urgent: Job[] = [];
  private readonly background: Job[] = [];
  private nextId = 1;
  private loaded = false;
  /** Set while close() runs: no batch starts, and the thread ends once the running one answered. */
  private closing: (() => void) | undefined;

  /** Whether the model has answered once (it is loaded: a query will not wait for the download). */
  get ready(): boolean {
    return this.loaded;
  }

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.enqueue(texts, this.urgent);
  }

  /** Embeds behind every query (the index's beat descriptions). */
  embedInBackground(texts: readonly string[]): Promise<Float32Array[]> {
    return this.enqueue(texts, this.background);
  }

  private enqueue(texts: readonly string[], queue: Job[]): Promise<Float32Array[]> {
    if (!texts.length) return Promise.resolve([]);
    if (this.closing) return Promise.reject(new EncoderStoppedError());
    return new Promise((resolve, reject) => {
      queue.push({ id: this.nextId++, texts: [...texts], resolve, reject });
      this.pump();
    });
  }

  private start(): Worker {
    const worker = new Worker(require.resolve('./encoderWorker.cjs'));
    worker.unref();
    worker.on('message', (reply: { id: number; vectors?: Float32Array[]; error?: string }) => {
      const job = this.running;
      if (!job || job.id !== reply.id) return;
      this.running = undefined;
      if (reply.vectors) this.loaded = true;
      if (reply.vectors) job.resolve(reply.vectors);
      else job.reject(new Error(reply.error ?? 'The sentence encoder failed.'));
      this.pump();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('The sentence encoder thread exited.')));
    return worker;
  }

  private fail(error: Error) {
    this.worker = undefined;
    const job = this.running;
    this.running = undefined;
    job?.reject(error);
    this.pump();
  }

  private pump() {
    if (this.running) return;
    if (this.closing) return this.closing();
    const job = this.urgent.shift() ?? this.background.shift();
    if (!job) return;
    this.worker ??= this.start();
    this.running = job;
    this.worker.postMessage({ id: job.id, texts: job.texts });
  }

  /**
   * Ends the thread once the batch it is running has answered: terminating a worker while
   * onnxruntime runs in it aborts the whole process (a native "terminate called after throwing an
   * instance of 'Napi::Error'"), as stopping the matchmaker mid-index did in CI. Queued batches are
   * refused.
   */
  async close(): Promise<void> {
    for (const job of this.urgent.splice(0).concat(this.background.splice(0)))
      job.reject(new EncoderStoppedError());
    await new Promise<void>((resolve) => {
      this.closing = resolve;
      if (!this.running) resolve();
    });
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    this.closing = undefined; // used again, it starts a new thread
  }
}
