// A minimal writer of ONNX model files (protobuf wire format, only the fields a plain inference graph
// needs): nodes with int/float/ints attributes, float32 and int64 initialisers, typed inputs and outputs.
// Field numbers are those of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto,
// ValueInfoProto, TypeProto); the result loads in onnxruntime.

class ProtoWriter {
  private chunks: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private varintBytes(value: number): Uint8Array {
    if (!Number.isSafeInteger(value)) throw new Error(`ONNX writer: ${value} is not a safe integer`);
    const out: number[] = [];
    if (value < 0) {
      // Two's complement over 64 bits (10 bytes), as protobuf encodes negative int64.
      let big = BigInt.asUintN(64, BigInt(value));
      while (big >= 0x80n) {
        out.push(Number(big & 0x7fn) | 0x80);
        big >>= 7n;
      }
      out.push(Number(big));
      return Uint8Array.from(out);
    }
    let v = value;
    while (v >= 0x80) {
      out.push((v % 128) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(v);
    return Uint8Array.from(out);
  }

  private tag(field: number, wire: number): void {
    this.push(this.varintBytes(field * 8 + wire));
  }

  varint(field: number, value: number): this {
    this.tag(field, 0);
    this.push(this.varintBytes(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.push(this.varintBytes(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (writer: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

export type Attribute = number | number[] | { float: number };

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  name?: string;
  attributes?: Record<string, Attribute>;
}

export interface Initializer {
  name: string;
  dims: number[];
  /** float32 values, or int64 values given as numbers. */
  data: Float32Array | { int64: number[] };
}

export interface ValueInfo {
  name: string;
  /** Positive sizes; a string names a dynamic dimension (e.g. 'batch'). */
  shape: (number | string)[];
}

export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  initializers: Initializer[];
  inputs: ValueInfo[];
  outputs: ValueInfo[];
}

const FLOAT = 1;
const INT64 = 7;
// AttributeProto.AttributeType
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

function writeAttribute(w: ProtoWriter, name: string, value: Attribute): void {
  w.string(1, name);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`ONNX writer: attribute ${name} must be an integer`);
    w.varint(3, value).varint(20, ATTR_INT);
  } else if (Array.isArray(value)) {
    for (const v of value) w.varint(8, v);
    w.varint(20, ATTR_INTS);
  } else {
    w.float(2, value.float).varint(20, ATTR_FLOAT);
  }
}

function writeTensor(w: ProtoWriter, tensor: Initializer): void {
  for (const d of tensor.dims) w.varint(1, d);
  if (tensor.data instanceof Float32Array) {
    const count = tensor.dims.reduce((a, b) => a * b, 1);
    if (tensor.data.length !== count)
      throw new Error(`ONNX writer: ${tensor.name} has ${tensor.data.length} values for [${tensor.dims}]`);
    w.varint(2, FLOAT).string(8, tensor.name);
    const raw = new Uint8Array(tensor.data.length * 4);
    const view = new DataView(raw.buffer);
    tensor.data.forEach((v, i) => view.setFloat32(4 * i, v, true));
    w.bytes(9, raw);
  } else {
    w.varint(2, INT64).string(8, tensor.name);
    const raw = new Uint8Array(tensor.data.int64.length * 8);
    const view = new DataView(raw.buffer);
    tensor.data.int64.forEach((v, i) => view.setBigInt64(8 * i, BigInt(v), true));
    w.bytes(9, raw);
  }
}

function writeValueInfo(w: ProtoWriter, info: ValueInfo): void {
  w.string(1, info.name).message(2, (type) =>
    type.message(1, (tensor) =>
      tensor.varint(1, FLOAT).message(2, (shape) => {
        for (const d of info.shape)
          shape.message(1, (dim) => (typeof d === 'number' ? dim.varint(1, d) : dim.string(2, d)));
      }),
    ),
  );
}

/** Serialises a graph as an ONNX model (IR version 7, default-domain opset `opset`). */
export function writeOnnxModel(graph: OnnxGraph, opset = 13, producer = 'beatmatch'): Uint8Array {
  const model = new ProtoWriter();
  model.varint(1, 7).string(2, producer);
  model.message(7, (g) => {
    for (const node of graph.nodes)
      g.message(1, (n) => {
        for (const input of node.inputs) n.string(1, input);
        for (const output of node.outputs) n.string(2, output);
        if (node.name) n.string(3, node.name);
        n.string(4, node.op);
        for (const [name, value] of Object.entries(node.attributes ?? {}))
          n.message(5, (a) => writeAttribute(a, name, value));
      });
    g.string(2, graph.name);
    for (const tensor of graph.initializers) g.message(5, (t) => writeTensor(t, tensor));
    for (const input of graph.inputs) g.message(11, (v) => writeValueInfo(v, input));
    for (const output of graph.outputs) g.message(12, (v) => writeValueInfo(v, output));
  });
  model.message(8, (o) => o.string(1, '').varint(2, opset));
  return model.finish();
}
