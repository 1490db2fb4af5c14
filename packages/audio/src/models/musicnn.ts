// musicnn (Pons & Serra, 2019; ISC, Music Technology Group, Universitat Pompeu Fabra): a music
// auto-tagger trained on the Million Song Dataset's Last.fm tags. Its TF1 checkpoint ships inside the
// `musicnn` wheel on PyPI; this module reads that checkpoint (tfCheckpoint.ts) and writes the same network
// as an ONNX graph (onnxWriter.ts) for onnxruntime-node, so no TensorFlow is needed anywhere.
//
// The architecture is musicnn's own `build_musicnn` (musicnn/models.py in the wheel, read to learn it):
//   log-mel patch [batch, frames, 96] → batch norm →
//   front end: two "timbral" convolutions over 7 frames × 38 and 67 mel bands (204 filters each, time
//     padded by 3) and three "temporal" convolutions over 128, 64 and 32 frames × 1 band (51 filters
//     each, TF "same" padding), each ReLU → batch norm → max over frequency; concatenated (561 channels)
//   mid end: three 1-D convolutions over 7 frames (64 filters, ReLU → batch norm), the 2nd and 3rd with
//     residual connections; front end and the three outputs concatenated (753 channels)
//   back end: max and mean over time, interleaved per channel (1506), batch norm → dense 200 (ReLU) →
//     batch norm → dense 50 → sigmoid.
// TensorFlow's layout is NHWC with H = time and W = mel band; here it is NCHW with the same H and W, and
// the mid end's "transpose filters into W" steps become plain channel axes.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureModelFiles,
  modelDirectory,
  MUSICNN_MSD_DATA,
  MUSICNN_MSD_INDEX,
  MUSICNN_MTT_DATA,
  MUSICNN_MTT_INDEX,
  type ModelFile,
} from './modelFiles';
import { openCheckpoint, type Checkpoint } from './tfCheckpoint';
import { writeOnnxModel, type Initializer, type OnnxNode } from './onnxWriter';

/** Signal set-up of every musicnn model (configuration.py). */
export const MUSICNN_RATE = 16000;
export const MUSICNN_FFT = 512;
export const MUSICNN_HOP = 256;
export const MUSICNN_MELS = 96;
/** Frames of a 3-s patch: librosa.time_to_frames(3, sr=16000, n_fft=512, hop_length=256) + 1. */
export const MUSICNN_PATCH_FRAMES = 187;
/** tf.compat.v1.layers.batch_normalization's default epsilon. */
const BN_EPSILON = 0.001;

/** TF conv kernel [kh, kw, in, out] → ONNX weight [out, in, kh, kw]. */
function convWeight(kernel: Float32Array, shape: number[]): { data: Float32Array; dims: number[] } {
  const [kh, kw, cin, cout] = shape as [number, number, number, number];
  const data = new Float32Array(kernel.length);
  for (let h = 0; h < kh; h++)
    for (let w = 0; w < kw; w++)
      for (let c = 0; c < cin; c++)
        for (let o = 0; o < cout; o++)
          data[((o * cin + c) * kh + h) * kw + w] = kernel[((h * kw + w) * cin + c) * cout + o]!;
  return { data, dims: [cout, cin, kh, kw] };
}

export interface MusicnnNetwork {
  /** Prefix of the network's node, weight and output names, e.g. 'MSD_musicnn'. */
  name: string;
  checkpoint: Checkpoint;
}

/**
 * musicnn networks (build_musicnn with 64 mid-end filters and 200 back-end units: MSD_musicnn and
 * MTT_musicnn) as one ONNX graph over a shared input `patches` [batch, frames, 96] (log-mel), with outputs
 * `<name>/logits` and `<name>/probabilities` [batch, classes] per network. One graph, so one session and
 * one memory arena serve both (the networks run one after the other).
 */
export function buildMusicnnOnnx(networks: MusicnnNetwork[]): Uint8Array {
  const nodes: OnnxNode[] = [];
  const initializers: Initializer[] = [];
  initializers.push({ name: 'input_shape', dims: [4], data: { int64: [0, 1, -1, MUSICNN_MELS] } });
  initializers.push({ name: 'flat_shape', dims: [2], data: { int64: [0, -1] } });
  const outputs = networks.flatMap(({ name, checkpoint }) => {
    addNetwork(checkpoint, name, nodes, initializers);
    const classes = checkpoint.shape('dense_1/kernel')[1]!;
    return [
      { name: `${name}/logits`, shape: ['batch', classes] },
      { name: `${name}/probabilities`, shape: ['batch', classes] },
    ];
  });
  return writeOnnxModel({
    name: 'musicnn',
    nodes,
    initializers,
    inputs: [{ name: 'patches', shape: ['batch', 'frames', MUSICNN_MELS] }],
    outputs,
  });
}

/** Adds nodes and weights, named under one network's prefix, to the graph being built. */
function graphBuilder(
  checkpoint: Checkpoint,
  prefix: string,
  nodes: OnnxNode[],
  initializers: Initializer[],
) {
  const node = (op: string, inputs: string[], output: string, attributes?: OnnxNode['attributes']) => {
    const name = `${prefix}/${output}`;
    nodes.push({ op, inputs, outputs: [name], name, attributes });
    return name;
  };
  const constant = (local: string, dims: number[], data: Float32Array) => {
    const name = `${prefix}/${local}`;
    if (!initializers.some((i) => i.name === name)) initializers.push({ name, dims, data });
    return name;
  };
  const batchNorm = (input: string, scope: string, output: string) => {
    const parts = ['gamma', 'beta', 'moving_mean', 'moving_variance'].map((part) => {
      const name = `${scope}/${part}`;
      return constant(name, checkpoint.shape(name), checkpoint.float32(name));
    });
    return node('BatchNormalization', [input, ...parts], output, { epsilon: { float: BN_EPSILON } });
  };
  // `widthAsChannels`: the mid end's kernels [7, channels, 1, filters] slide over TF's W axis only in time
  // (they span it whole); with channels on the channel axis they are [7, 1, channels, filters].
  const conv = (
    input: string,
    scope: string,
    pads: [number, number],
    output: string,
    widthAsChannels = false,
  ) => {
    const [kh, kw, cin, cout] = checkpoint.shape(`${scope}/kernel`) as [number, number, number, number];
    const shape = widthAsChannels ? [kh, 1, kw * cin, cout] : [kh, kw, cin, cout];
    const { data, dims } = convWeight(checkpoint.float32(`${scope}/kernel`), shape);
    const weight = constant(`${scope}/kernel`, dims, data);
    const bias = constant(`${scope}/bias`, [dims[0]!], checkpoint.float32(`${scope}/bias`));
    return node('Conv', [input, weight, bias], output, {
      kernel_shape: [dims[2]!, dims[3]!],
      pads: [pads[0], 0, pads[1], 0],
    });
  };
  const dense = (input: string, scope: string, output: string) => {
    const shape = checkpoint.shape(`${scope}/kernel`);
    const weight = constant(`${scope}/kernel`, shape, checkpoint.float32(`${scope}/kernel`));
    const bias = constant(`${scope}/bias`, [shape[1]!], checkpoint.float32(`${scope}/bias`));
    return node('Gemm', [input, weight, bias], output);
  };
  return { checkpoint, node, constant, batchNorm, conv, dense };
}
type Graph = ReturnType<typeof graphBuilder>;

/** One front-end branch (its conv and batch-norm scopes and time padding). */
type Branch = [convScope: string, bnScope: string, pads: [number, number]];

// Front end: [timbral 7×38, timbral 7×67, temporal 128, 64, 32], each conv → ReLU → BN → max over bands.
const FRONT_END: Branch[] = [
  ['conv2d', 'batch_normalization_1', [3, 3]],
  ['conv2d_1', 'batch_normalization_2', [3, 3]],
  ['conv2d_2', 'batch_normalization_3', [63, 64]],
  ['conv2d_3', 'batch_normalization_4', [31, 32]],
  ['conv2d_4', 'batch_normalization_5', [15, 16]],
];

/**
 * Memory: a timbral map is 204 filters × 187 frames × 59 bands (9 MB a patch). Each branch runs in
 * groups of at most 51 filters, and the batch norm (a per-channel affine map, increasing or decreasing)
 * is applied after pooling: max over bands of a·x + b is the larger of a·max(x) + b and a·min(x) + b.
 * Same result as TF's order, a quarter of the live activations.
 */
function addFrontEndBranch(
  graph: Graph,
  input: string,
  [convScope, bnScope, pads]: Branch,
  i: number,
): string {
  const { checkpoint, node, constant, batchNorm } = graph;
  const [kh, kw, , cout] = checkpoint.shape(`${convScope}/kernel`) as [number, number, number, number];
  const { data } = convWeight(checkpoint.float32(`${convScope}/kernel`), [kh, kw, 1, cout]);
  const bias = checkpoint.float32(`${convScope}/bias`);
  const groupSize = 51;
  const maxima: string[] = [];
  const minima: string[] = [];
  for (let g = 0; g * groupSize < cout; g++) {
    const from = g * groupSize;
    const to = Math.min(cout, from + groupSize);
    const name = `front${i}_g${g}`;
    const weight = constant(
      `${convScope}/kernel_g${g}`,
      [to - from, 1, kh, kw],
      data.slice(from * kh * kw, to * kh * kw),
    );
    const b = constant(`${convScope}/bias_g${g}`, [to - from], bias.slice(from, to));
    const c = node('Conv', [input, weight, b], `${name}_conv`, {
      kernel_shape: [kh, kw],
      pads: [pads[0], 0, pads[1], 0],
    });
    const r = node('Relu', [c], `${name}_relu`);
    maxima.push(node('ReduceMax', [r], `${name}_max`, { axes: [3], keepdims: 1 }));
    minima.push(node('ReduceMin', [r], `${name}_min`, { axes: [3], keepdims: 1 }));
  }
  const joined = (parts: string[], name: string) =>
    parts.length === 1 ? parts[0]! : node('Concat', parts, name, { axis: 1 });
  const high = batchNorm(joined(maxima, `front${i}_max`), bnScope, `front${i}_bn_max`);
  const low = batchNorm(joined(minima, `front${i}_min`), bnScope, `front${i}_bn_min`);
  return node('Max', [high, low], `front${i}`);
}

function addNetwork(
  checkpoint: Checkpoint,
  prefix: string,
  nodes: OnnxNode[],
  initializers: Initializer[],
): void {
  const graph = graphBuilder(checkpoint, prefix, nodes, initializers);
  const { node, batchNorm, conv, dense } = graph;
  const image = node('Reshape', ['patches', 'input_shape'], 'image');
  const normalized = batchNorm(image, 'batch_normalization', 'normalized');
  const front = FRONT_END.map((branch, i) => addFrontEndBranch(graph, normalized, branch, i));
  const frontend = node('Concat', front, 'frontend', { axis: 1 });

  // Mid end: 1-D convolutions over 7 frames with residual connections.
  const mid = (input: string, convScope: string, bnScope: string, name: string) =>
    batchNorm(
      node('Relu', [conv(input, convScope, [3, 3], `${name}_conv`, true)], `${name}_relu`),
      bnScope,
      name,
    );
  const cnn1 = mid(frontend, 'conv2d_5', 'batch_normalization_6', 'cnn1');
  const res2 = node('Add', [mid(cnn1, 'conv2d_6', 'batch_normalization_7', 'cnn2'), cnn1], 'res2');
  const res3 = node('Add', [mid(res2, 'conv2d_7', 'batch_normalization_8', 'cnn3'), res2], 'res3');
  const midend = node('Concat', [frontend, cnn1, res2, res3], 'midend', { axis: 1 });

  // Back end: max and mean over time, interleaved as TF's flatten of [channels, 2] leaves them.
  const maxPool = node('ReduceMax', [midend], 'max_pool', { axes: [2], keepdims: 1 });
  const meanPool = node('ReduceMean', [midend], 'mean_pool', { axes: [2], keepdims: 1 });
  const pooled = node('Concat', [maxPool, meanPool], 'pooled', { axis: 2 });
  const flat = node('Reshape', [pooled, 'flat_shape'], 'flat');
  const flatNorm = batchNorm(flat, 'batch_normalization_9', 'flat_bn');
  const hidden = node('Relu', [dense(flatNorm, 'dense', 'dense')], 'dense_relu');
  const penultimate = batchNorm(hidden, 'batch_normalization_10', 'penultimate');
  const logits = dense(penultimate, 'dense_1', 'logits');
  node('Sigmoid', [logits], 'probabilities');
}

/** The two networks the tagger runs, in this order, and the checkpoint files each is read from. */
export const MUSICNN_NETWORKS: { name: 'MSD_musicnn' | 'MTT_musicnn'; files: [ModelFile, ModelFile] }[] = [
  { name: 'MSD_musicnn', files: [MUSICNN_MSD_INDEX, MUSICNN_MSD_DATA] },
  { name: 'MTT_musicnn', files: [MUSICNN_MTT_INDEX, MUSICNN_MTT_DATA] },
];

/** The pinned checkpoints, read (fetched from the pinned wheel first if needed). */
export function musicnnCheckpoints(): MusicnnNetwork[] {
  const paths = ensureModelFiles(MUSICNN_NETWORKS.flatMap((n) => n.files));
  return MUSICNN_NETWORKS.map(({ name }, i) => ({
    name,
    checkpoint: openCheckpoint(readFileSync(paths[2 * i]!), readFileSync(paths[2 * i + 1]!)),
  }));
}

/**
 * sha256 of the ONNX file this module writes from the pinned checkpoints. The conversion is deterministic,
 * so a different digest means the converter changed: the output is then refused until the new graph has
 * been checked against the reference again (features/tagger.unit.spec.ts) and this pin updated.
 */
export const MUSICNN_ONNX_SHA256 = '9f2c1089705c06eb754e3a7760f4efd1ebc4a9c8fc458d9337aa2c564cb61a35';

/**
 * Path of the ONNX rewrite of musicnn's MSD and MTT checkpoints in the model cache: the checkpoint files
 * are fetched from the pinned wheel and verified (modelFiles.ts), converted once, and the result checked
 * against its pinned digest. Later calls (other threads, other processes) find the file and only check
 * its digest (once per process).
 */
let checkedOnnx: string | undefined;

export function ensureMusicnnOnnx(): string {
  const target = join(modelDirectory(), 'musicnn_0.1.0_MSD_MTT.onnx');
  if (checkedOnnx === target && existsSync(target)) return target;
  const pinned = MUSICNN_ONNX_SHA256;
  const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  if (existsSync(target) && digestOf(readFileSync(target)) === pinned) {
    checkedOnnx = target;
    return target;
  }
  const bytes = buildMusicnnOnnx(musicnnCheckpoints());
  const digest = digestOf(bytes);
  if (digest !== pinned)
    throw new Error(`musicnn: the ONNX conversion has sha256 ${digest}, not the pinned ${pinned}`);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, target);
  checkedOnnx = target;
  return target;
}

/**
 * Each tag's logit at the training set's mean penultimate features: the output layer's bias plus its
 * weights times the last batch norm's beta (a batch-normalised layer's mean output over the training
 * data). See musicnnReference.ts, which holds these for the pinned checkpoints.
 */
export function referenceLogits(checkpoint: Checkpoint): number[] {
  const [units, classes] = checkpoint.shape('dense_1/kernel') as [number, number];
  const weights = checkpoint.float32('dense_1/kernel');
  const bias = checkpoint.float32('dense_1/bias');
  const beta = checkpoint.float32('batch_normalization_10/beta');
  return Array.from({ length: classes }, (_, j) => {
    let z = bias[j]!;
    for (let i = 0; i < units; i++) z += weights[i * classes + j]! * beta[i]!;
    return z;
  });
}
