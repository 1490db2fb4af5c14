// The TF checkpoint reader: a tensor bundle index written here by hand (LevelDB table blocks with shared key
// prefixes, restart points, an index block, the footer and its magic, masked CRC32C trailers) and its data
// shard; then musicnn's real checkpoint from the pinned wheel (fetched on first use) and its ONNX rewrite.
import { createHash } from 'node:crypto';
import { buildMusicnnOnnx, musicnnCheckpoints, MUSICNN_ONNX_SHA256, referenceLogits } from './musicnn';
import { MSD_LABELS, MTT_LABELS } from './musicnnLabels';
import { MSD_REFERENCE_LOGITS, MTT_REFERENCE_LOGITS } from './musicnnReference';
import { crc32c, maskCrc, openCheckpoint, readCheckpointIndex } from './tfCheckpoint';

const varint = (value: number): number[] => {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
};
const fixed32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
const bytesOf = (text: string) => [...new TextEncoder().encode(text)];
const field = (number: number, wire: number, body: number[]) =>
  wire === 2
    ? [...varint(number * 8 + 2), ...varint(body.length), ...body]
    : [...varint(number * 8 + wire), ...body];

/** BundleEntryProto: dtype, shape, offset, size, crc32c (shard 0 implied). */
function entry(dtype: number, shape: number[], offset: number, data: Uint8Array): number[] {
  const dims = shape.flatMap((size) => field(2, 2, field(1, 0, varint(size))));
  return [
    ...field(1, 0, varint(dtype)),
    ...field(2, 2, dims),
    ...(offset ? field(4, 0, varint(offset)) : []),
    ...field(5, 0, varint(data.length)),
    ...field(6, 5, fixed32(maskCrc(crc32c(data)))),
  ];
}

/** A table block: entries with keys sharing prefixes with the previous key, a restart every 2 entries. */
function block(entries: [string, number[]][]): number[] {
  const out: number[] = [];
  const restarts: number[] = [];
  let previous: number[] = [];
  entries.forEach(([key, value], i) => {
    const k = bytesOf(key);
    let shared = 0;
    if (i % 2 === 0) restarts.push(out.length);
    else while (shared < k.length && shared < previous.length && k[shared] === previous[shared]) shared++;
    out.push(
      ...varint(shared),
      ...varint(k.length - shared),
      ...varint(value.length),
      ...k.slice(shared),
      ...value,
    );
    previous = k;
  });
  for (const r of restarts) out.push(...fixed32(r));
  out.push(...fixed32(restarts.length));
  return out;
}

function table(blocks: [string, number[]][][]): Uint8Array {
  const out: number[] = [];
  const handles: [string, number[]][] = [];
  const append = (body: number[]) => {
    const offset = out.length;
    const trailer = [0];
    out.push(...body, ...trailer);
    out.push(...fixed32(maskCrc(crc32c(Uint8Array.from([...body, 0])))));
    return [...varint(offset), ...varint(body.length)];
  };
  for (const b of blocks) handles.push([b.at(-1)![0], append(block(b))]);
  const meta = append(block([]));
  const index = append(block(handles));
  const footer = [...meta, ...index];
  while (footer.length < 40) footer.push(0);
  out.push(...footer, 0x57, 0xfb, 0x80, 0x8b, 0x24, 0x75, 0x47, 0xdb);
  return Uint8Array.from(out);
}

describe('readCheckpointIndex / openCheckpoint', () => {
  const kernel = Float32Array.from([1.5, -2, 0.25, 3, 4, -5]);
  const bias = Float32Array.from([0.5, -0.5]);
  const data = new Uint8Array(32);
  data.set(new Uint8Array(kernel.buffer), 0);
  data.set(new Uint8Array(bias.buffer), 24);
  const header = field(1, 0, varint(1));
  const index = table([
    [
      ['', header],
      ['dense/bias', entry(1, [2], 24, data.subarray(24, 32))],
    ],
    [
      ['dense/kernel', entry(1, [3, 2], 0, data.subarray(0, 24))],
      ['global_step', entry(9, [], 0, new Uint8Array(8))],
    ],
  ]);

  it('lists every tensor with dtype, shape, offset and size across blocks (prefix-shared keys)', () => {
    const entries = readCheckpointIndex(index);
    expect([...entries.keys()]).toEqual(['dense/bias', 'dense/kernel', 'global_step']);
    expect(entries.get('dense/kernel')).toMatchObject({ dtype: 1, shape: [3, 2], offset: 0, size: 24 });
    expect(entries.get('dense/bias')).toMatchObject({ shape: [2], offset: 24, size: 8 });
  });

  it('reads float32 tensors, checks their CRC and refuses other dtypes and damaged data', () => {
    const checkpoint = openCheckpoint(index, data);
    expect(Array.from(checkpoint.float32('dense/kernel'))).toEqual(Array.from(kernel));
    expect(Array.from(checkpoint.float32('dense/bias'))).toEqual([0.5, -0.5]);
    expect(() => checkpoint.float32('global_step')).toThrow(/not float32/);
    expect(() => checkpoint.float32('missing')).toThrow(/no tensor named/);
    const damaged = Uint8Array.from(data);
    damaged[3] = damaged[3]! ^ 1;
    expect(() => openCheckpoint(index, damaged).float32('dense/kernel')).toThrow(/checksum/);
  });

  it('refuses a file that is not a table or whose block checksum fails', () => {
    expect(() => readCheckpointIndex(new Uint8Array(60))).toThrow(/not a table/);
    const broken = Uint8Array.from(index);
    broken[2] = broken[2]! ^ 0xff;
    expect(() => readCheckpointIndex(broken)).toThrow(/checksum/);
  });

  it('computes CRC32C like LevelDB (the standard check value of "123456789")', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
  });
});

describe("musicnn's checkpoints from the pinned wheel", () => {
  it('hold the architecture the ONNX rewrite expects, and convert to the pinned file', () => {
    const networks = musicnnCheckpoints();
    for (const { checkpoint } of networks) {
      expect(checkpoint.shape('conv2d/kernel')).toEqual([7, 38, 1, 204]);
      expect(checkpoint.shape('conv2d_1/kernel')).toEqual([7, 67, 1, 204]);
      expect(checkpoint.shape('conv2d_2/kernel')).toEqual([128, 1, 1, 51]);
      expect(checkpoint.shape('conv2d_5/kernel')).toEqual([7, 561, 1, 64]);
      expect(checkpoint.shape('dense/kernel')).toEqual([1506, 200]);
      expect(checkpoint.shape('dense_1/kernel')).toEqual([200, 50]);
    }
    const onnx = buildMusicnnOnnx(networks);
    expect(createHash('sha256').update(onnx).digest('hex')).toBe(MUSICNN_ONNX_SHA256);
    const [msd, mtt] = networks.map((n) => referenceLogits(n.checkpoint));
    MSD_LABELS.forEach((tag, j) => expect(msd![j]).toBeCloseTo(MSD_REFERENCE_LOGITS[tag], 3));
    MTT_LABELS.forEach((tag, j) => expect(mtt![j]).toBeCloseTo(MTT_REFERENCE_LOGITS[tag], 3));
  }, 240_000);
});
