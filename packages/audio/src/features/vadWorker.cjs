// Runs Silero VAD (onnxruntime-node) in its own thread (the session and message loop: serveModel.cjs).
// Request: { id, modelPath, rate, chunk, context, windows: Float32Array[] } →
// reply: { id, probabilities: Float32Array[] (one probability per chunk, per window), loaded } or { id, error }.
const ort = require('onnxruntime-node');
const { serveModel } = require('./serveModel.cjs');

serveModel({}, async (session, { rate, chunk, context, windows }) => {
  const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(rate)]), []);
  const input = new Float32Array(context + chunk);
  const probabilities = [];
  for (const band of windows) {
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
  return { probabilities };
});
