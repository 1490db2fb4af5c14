// Runs basic-pitch's note model (onnxruntime-node) in its own thread (the session and message loop:
// serveModel.cjs).
// Request: { id, modelPath, windowLength, windows: Float32Array (count × windowLength, 22,050 Hz) } →
// reply: { id, notes: Float32Array (count × frames × 88), frames, loaded } or { id, error }.
const ort = require('onnxruntime-node');
const { serveModel } = require('./serveModel.cjs');

serveModel(
  {
    // One window at a time, without the runtime's memory arena: the activations of a batch would
    // otherwise stay reserved (about 100 MB more peak memory for 6 windows).
    enableCpuMemArena: false,
  },
  async (session, { windowLength, windows }) => {
    const count = windows.length / windowLength;
    const parts = [];
    let frames = 0;
    for (let w = 0; w < count; w++) {
      const window = windows.slice(w * windowLength, (w + 1) * windowLength);
      const result = await session.run({
        [session.inputNames[0]]: new ort.Tensor('float32', window, [1, windowLength, 1]),
      });
      // The export's outputs are, in basic-pitch's own order: :0 contour, :1 note, :2 onset.
      const note = result['StatefulPartitionedCall:1'];
      frames = note.dims[1];
      parts.push(Float32Array.from(note.data));
    }
    const notes = new Float32Array(parts.reduce((n, part) => n + part.length, 0));
    parts.reduce((offset, part) => (notes.set(part, offset), offset + part.length), 0);
    return { notes, frames };
  },
);
