// The loop of a model's helper thread (taggerWorker.cjs, notesWorker.cjs, vadWorker.cjs; their client is
// modelThread.ts): one onnxruntime-node session per thread, created on the first request and reused.
// Plain CommonJS on purpose: a worker thread has a fresh module system, so the native runtime's typed
// arrays are the thread's own (jest's sandboxed realms would otherwise reject them).
// Request: { id, modelPath, ...the model's inputs } → reply: { id, ...what `compute` returns, loaded }
// or { id, error }.
const { parentPort } = require('node:worker_threads');
const ort = require('onnxruntime-node');

/**
 * Serves requests with `compute(session, request)` (its result's fields are the reply). Sessions run on
 * one thread, sequentially; `sessionOptions` add the model's own options (its memory arena).
 */
function serveModel(sessionOptions, compute) {
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
        ...sessionOptions,
      });
      parentPort.postMessage({ id: request.id, ...(await compute(session, request)), loaded });
    } catch (error) {
      parentPort.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}

module.exports = { serveModel };
