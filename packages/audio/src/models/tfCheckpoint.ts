// Reads a TensorFlow checkpoint ("tensor bundle": `<prefix>.index` + `<prefix>.data-00000-of-00001`)
// without TensorFlow. The index is a LevelDB-style sorted table (uncompressed blocks of prefix-compressed
// keys, an index block, a 48-byte footer with a magic number) whose keys are variable names and whose
// values are BundleEntryProto messages (dtype, shape, shard, offset, size, masked CRC32C); the data file
// holds each tensor's raw little-endian bytes at that offset. Only float32 tensors in one shard, which
// is what musicnn's checkpoints hold, are turned into arrays; other entries are listed but not decoded.

export interface CheckpointTensor {
  dtype: number;
  shape: number[];
  shard: number;
  offset: number;
  size: number;
  /** Masked CRC32C of the tensor's bytes, as stored. */
  crc32c: number;
}

/** TensorFlow's DataType enum value for float32. */
export const DT_FLOAT = 1;

const TABLE_MAGIC = [0x57, 0xfb, 0x80, 0x8b, 0x24, 0x75, 0x47, 0xdb]; // 0xdb4775248b80fb57, little-endian
const FOOTER_LENGTH = 48;
const BLOCK_TRAILER = 5; // compression type (1 byte) + masked CRC32C (4 bytes)

class Reader {
  constructor(
    readonly bytes: Uint8Array,
    public at = 0,
    readonly end = bytes.length,
  ) {}

  get done(): boolean {
    return this.at >= this.end;
  }

  varint(): number {
    let result = 0;
    let factor = 1;
    for (;;) {
      if (this.at >= this.end) throw new Error('Checkpoint index: truncated varint');
      const byte = this.bytes[this.at++]!;
      result += (byte & 0x7f) * factor;
      if (byte < 0x80) return result;
      factor *= 128;
      if (factor > 2 ** 63) throw new Error('Checkpoint index: varint too long');
    }
  }

  fixed32(): number {
    if (this.at + 4 > this.end) throw new Error('Checkpoint index: truncated fixed32');
    const b = this.bytes;
    const value =
      (b[this.at]! | (b[this.at + 1]! << 8) | (b[this.at + 2]! << 16) | (b[this.at + 3]! << 24)) >>> 0;
    this.at += 4;
    return value;
  }

  take(length: number): Uint8Array {
    if (this.at + length > this.end) throw new Error('Checkpoint index: truncated field');
    const slice = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return slice;
  }

  /** Skips a protobuf field of the given wire type. */
  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.take(8);
    else if (wireType === 2) this.take(this.varint());
    else if (wireType === 5) this.take(4);
    else throw new Error(`Checkpoint index: unsupported wire type ${wireType}`);
  }
}

// CRC32C (Castagnoli), as LevelDB and TensorFlow use it, with their "mask" for stored checksums.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

export function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function maskCrc(crc: number): number {
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}

interface BlockHandle {
  offset: number;
  size: number;
}

function readHandle(reader: Reader): BlockHandle {
  return { offset: reader.varint(), size: reader.varint() };
}

/** The key/value pairs of one table block (entries with prefix-compressed keys, then restart points). */
function blockEntries(index: Uint8Array, handle: BlockHandle): [string, Uint8Array][] {
  if (handle.offset + handle.size + BLOCK_TRAILER > index.length)
    throw new Error('Checkpoint index: block outside the file');
  const type = index[handle.offset + handle.size]!;
  if (type !== 0) throw new Error(`Checkpoint index: compressed block (type ${type}) not supported`);
  const block = index.subarray(handle.offset, handle.offset + handle.size);
  const stored = new Reader(index, handle.offset + handle.size + 1).fixed32();
  const actual = maskCrc(crc32c(index.subarray(handle.offset, handle.offset + handle.size + 1)));
  if (stored !== actual) throw new Error('Checkpoint index: block checksum mismatch');
  const restarts = new Reader(block, block.length - 4).fixed32();
  const entriesEnd = block.length - 4 * (restarts + 1);
  const reader = new Reader(block, 0, entriesEnd);
  const decoder = new TextDecoder();
  const entries: [string, Uint8Array][] = [];
  let key = new Uint8Array(0);
  while (!reader.done) {
    const shared = reader.varint();
    const unshared = reader.varint();
    const valueLength = reader.varint();
    const next = new Uint8Array(shared + unshared);
    next.set(key.subarray(0, shared));
    next.set(reader.take(unshared), shared);
    key = next;
    entries.push([decoder.decode(key), reader.take(valueLength)]);
  }
  return entries;
}

function parseShape(bytes: Uint8Array): number[] {
  const reader = new Reader(bytes);
  const dims: number[] = [];
  while (!reader.done) {
    const tag = reader.varint();
    if (tag >>> 3 === 2 && (tag & 7) === 2) {
      const dim = new Reader(reader.take(reader.varint()));
      let size = 0;
      while (!dim.done) {
        const t = dim.varint();
        if (t >>> 3 === 1 && (t & 7) === 0) size = dim.varint();
        else dim.skip(t & 7);
      }
      dims.push(size);
    } else reader.skip(tag & 7);
  }
  return dims;
}

function parseEntry(bytes: Uint8Array): CheckpointTensor {
  const reader = new Reader(bytes);
  const entry: CheckpointTensor = { dtype: 0, shape: [], shard: 0, offset: 0, size: 0, crc32c: 0 };
  while (!reader.done) {
    const tag = reader.varint();
    const field = tag >>> 3;
    const wire = tag & 7;
    if (field === 1 && wire === 0) entry.dtype = reader.varint();
    else if (field === 2 && wire === 2) entry.shape = parseShape(reader.take(reader.varint()));
    else if (field === 3 && wire === 0) entry.shard = reader.varint();
    else if (field === 4 && wire === 0) entry.offset = reader.varint();
    else if (field === 5 && wire === 0) entry.size = reader.varint();
    else if (field === 6 && wire === 5) entry.crc32c = reader.fixed32();
    else if (field === 7) throw new Error('Checkpoint index: sliced tensors are not supported');
    else reader.skip(wire);
  }
  return entry;
}

/** Every tensor entry of a checkpoint index, by variable name (the bundle header, key "", is left out). */
export function readCheckpointIndex(index: Uint8Array): Map<string, CheckpointTensor> {
  if (index.length < FOOTER_LENGTH) throw new Error('Checkpoint index: too short');
  const footerAt = index.length - FOOTER_LENGTH;
  for (let i = 0; i < 8; i++)
    if (index[index.length - 8 + i] !== TABLE_MAGIC[i]) throw new Error('Checkpoint index: not a table file');
  const footer = new Reader(index, footerAt, index.length - 8);
  readHandle(footer); // metaindex block (empty in a tensor bundle)
  const indexHandle = readHandle(footer);
  const tensors = new Map<string, CheckpointTensor>();
  for (const [, handleBytes] of blockEntries(index, indexHandle)) {
    const handle = readHandle(new Reader(handleBytes));
    for (const [key, value] of blockEntries(index, handle))
      if (key !== '') tensors.set(key, parseEntry(value));
  }
  return tensors;
}

export interface Checkpoint {
  names(): string[];
  shape(name: string): number[];
  /** A float32 tensor's values (a copy, row-major in TensorFlow's layout). CRC-checked. */
  float32(name: string): Float32Array;
}

/** A checkpoint from its index and its single data shard. */
export function openCheckpoint(index: Uint8Array, data: Uint8Array): Checkpoint {
  const entries = readCheckpointIndex(index);
  const entryOf = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`Checkpoint: no tensor named ${name}`);
    return entry;
  };
  return {
    names: () => [...entries.keys()],
    shape: (name) => entryOf(name).shape,
    float32(name) {
      const entry = entryOf(name);
      if (entry.dtype !== DT_FLOAT)
        throw new Error(`Checkpoint: ${name} is not float32 (dtype ${entry.dtype})`);
      if (entry.shard !== 0) throw new Error(`Checkpoint: ${name} is in shard ${entry.shard}`);
      const count = entry.shape.reduce((a, b) => a * b, 1);
      if (entry.size !== count * 4 || entry.offset + entry.size > data.length)
        throw new Error(`Checkpoint: ${name} has ${entry.size} bytes for shape [${entry.shape.join(', ')}]`);
      const bytes = data.subarray(entry.offset, entry.offset + entry.size);
      if (maskCrc(crc32c(bytes)) !== entry.crc32c) throw new Error(`Checkpoint: ${name} fails its checksum`);
      const out = new Float32Array(count);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = 0; i < count; i++) out[i] = view.getFloat32(4 * i, true);
      return out;
    },
  };
}
