// Runs Silero VAD (onnxruntime-node) in its own thread: one session per thread, loaded on the first
// request and reused. Plain CommonJS on purpose: a worker thread has a fresh module system, so the native
// runtime's typed arrays are the thread's own (jest's sandboxed realms would otherwise reject them).
// Request: { id, modelPath, rate, chunk, context, windows: Float32Array[] } →
// reply: { id, probabilities: Float32Array[] (one probability per chunk, per window), loaded } or { id, error }.
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
    });
    const { chunk, context } = request;
    const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(request.rate)]), []);
    const input = new Float32Array(context + chunk);
    const probabilities = [];
    for (const band of request.windows) {
      let state = new ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);
      input.fill(0);
      const out = new Float32Array(Math.floor(band.length / chunk));
      for (let k = 0; k < out.length; k++) {
        input.copyWithin(0, chunk, chunk + context);
        input.set(band.subarray(k * chunk, (k + 1) * chunk), context);
        const result = await session.run({
          input: new ort.Tensor('float32', input.slice(), [1, context + chunk]),
          state,
          sr,
        });
        state = result.stateN;
        out[k] = result.output.data[0];
      }
      probabilities.push(out);
    }
    parentPort.postMessage({ id: request.id, probabilities, loaded });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
