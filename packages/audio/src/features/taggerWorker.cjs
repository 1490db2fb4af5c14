// Runs musicnn's two taggers (one ONNX graph holding the rewrites of the MSD and MTT checkpoints,
// onnxruntime-node) in their own thread: one session per thread, created on the first request and reused.
// Plain CommonJS for the same reason as vadWorker.cjs (the native runtime's typed arrays must belong to
// the thread's own realm, not to a jest sandbox).
// Request: { id, modelPath, outputs: [msd, mtt] output names, frames, bands, patches: Float32Array
// (count × frames × bands) } → reply: { id, msd: Float32Array (count × 50), mtt: Float32Array (count × 50),
// loaded } or { id, error }.
const { parentPort } = require('node:worker_threads');
const ort = require('onnxruntime-node');

let session;

parentPort.on('message', async (request) => {
  try {
    const loaded = !session;
    session ??= await ort.InferenceSession.create(request.modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // One patch at a time, through the runtime's own arena without a precomputed memory pattern: the
      // arena keeps about one patch's activations and reuses them (without it, freed buffers fragment the
      // thread's heap and resident memory wanders by ±80 MB from run to run).
      enableCpuMemArena: true,
      enableMemPattern: false,
    });
    const { frames, bands, patches, outputs } = request;
    const patchSize = frames * bands;
    const count = patches.length / patchSize;
    const results = outputs.map(() => undefined);
    for (let p = 0; p < count; p++) {
      const patch = patches.slice(p * patchSize, (p + 1) * patchSize);
      const result = await session.run({ patches: new ort.Tensor('float32', patch, [1, frames, bands]) });
      outputs.forEach((name, i) => {
        const probabilities = result[name].data;
        results[i] ??= new Float32Array(count * probabilities.length);
        results[i].set(probabilities, p * probabilities.length);
      });
    }
    parentPort.postMessage({ id: request.id, msd: results[0], mtt: results[1], loaded });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
