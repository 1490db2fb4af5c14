// Runs musicnn's two taggers (one ONNX graph holding the rewrites of the MSD and MTT checkpoints,
// onnxruntime-node) in their own thread (the session and message loop: serveModel.cjs).
// Request: { id, modelPath, outputs: [msd, mtt] output names, frames, bands, patches: Float32Array
// (count × frames × bands) } → reply: { id, msd: Float32Array (count × 50), mtt: Float32Array (count × 50),
// loaded } or { id, error }.
const ort = require('onnxruntime-node');
const { serveModel } = require('./serveModel.cjs');

serveModel(
  {
    // One patch at a time, through the runtime's own arena without a precomputed memory pattern: the
    // arena keeps about one patch's activations and reuses them (without it, freed buffers fragment the
    // thread's heap and resident memory wanders by ±80 MB from run to run).
    enableCpuMemArena: true,
    enableMemPattern: false,
  },
  async (session, { frames, bands, patches, outputs }) => {
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
    return { msd: results[0], mtt: results[1] };
  },
);
