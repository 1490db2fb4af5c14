// Runs basic-pitch's note model (onnxruntime-node) in its own thread: one session per thread, loaded on
// the first request and reused. Plain CommonJS for the same reason as vadWorker.cjs (the native runtime's
// typed arrays must belong to the thread's own realm, not to a jest sandbox).
// Request: { id, modelPath, windowLength, windows: Float32Array (count × windowLength, 22,050 Hz) } →
// reply: { id, notes: Float32Array (count × frames × 88), frames, loaded } or { id, error }.
const { parentPort } = require('node:worker_threads');
const ort = require('onnxruntime-node');

let session;

parentPort.on('message', async (request) => {
  try {
    // `loaded` tells the caller this request created the session (counted there: loads once per thread).
    const loaded = !session;
    session ??= await ort.InferenceSession.create(request.modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // One window at a time, without the runtime's memory arena: the activations of a batch would
      // otherwise stay reserved (about 100 MB more peak memory for 6 windows).
      enableCpuMemArena: false,
    });
    const { windowLength } = request;
    const count = request.windows.length / windowLength;
    const parts = [];
    let frames = 0;
    for (let w = 0; w < count; w++) {
      const window = request.windows.slice(w * windowLength, (w + 1) * windowLength);
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
    parentPort.postMessage({ id: request.id, notes, frames, loaded });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
