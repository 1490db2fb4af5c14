// Runs basic-pitch's note model (onnxruntime-node) in its own thread: one session per thread, loaded on
// the first request and reused. Plain CommonJS for the same reason as vadWorker.cjs (the native runtime's
// typed arrays must belong to the thread's own realm, not to a jest sandbox).
// Request: { id, modelPath, windowLength, windows: Float32Array (count × windowLength, 22,050 Hz) } →
// reply: { id, notes: Float32Array (count × frames × 88), frames } or { id, error }.
const { parentPort } = require('node:worker_threads');
const ort = require('onnxruntime-node');

let session;

parentPort.on('message', async (request) => {
  try {
    session ??= await ort.InferenceSession.create(request.modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    const count = request.windows.length / request.windowLength;
    const input = new ort.Tensor('float32', request.windows, [count, request.windowLength, 1]);
    const result = await session.run({ [session.inputNames[0]]: input });
    // The export's outputs are, in basic-pitch's own order: :0 contour, :1 note, :2 onset.
    const note = result['StatefulPartitionedCall:1'];
    parentPort.postMessage({ id: request.id, notes: Float32Array.from(note.data), frames: note.dims[1] });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
