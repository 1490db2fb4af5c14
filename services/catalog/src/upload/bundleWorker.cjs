// Bundles the upload workflow code (Temporal's webpack bundler) in a worker thread, so the service's
// event loop keeps answering requests meanwhile; posts { code } or { error } back. The tracing
// interceptors the parent names are bundled in, or the workflow's activities would start traces of their own.
const { parentPort, workerData } = require('node:worker_threads');
const { bundleWorkflowCode } = require('@temporalio/worker');

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };
bundleWorkflowCode({
  workflowsPath: workerData.workflowsPath,
  workflowInterceptorModules: workerData.workflowInterceptorModules,
  logger: quiet,
}).then(
  (bundle) => parentPort.postMessage({ code: bundle.code, sourceMap: bundle.sourceMap ?? '' }),
  (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }),
);
