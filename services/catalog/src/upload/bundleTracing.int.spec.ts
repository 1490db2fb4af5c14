import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { startTelemetry, stopTelemetry } from '@beatmatch/platform/telemetry';
import { bundleInThread } from './index';

/**
 * The upload workflow is bundled in a worker thread, which does not see this thread's telemetry: with
 * tracing on, the bundle must still carry Temporal's OpenTelemetry workflow interceptors, or each
 * activity of an upload (and the DNA worker under it) starts a trace of its own instead of continuing
 * the upload's (issue 27: found by e2e-distributed/traces.jaeger.ts against Jaeger).
 */
jest.setTimeout(180_000);

afterAll(() => stopTelemetry());

it('bundles the tracing interceptors into the upload workflow when tracing is on', async () => {
  startTelemetry({ serviceName: 'catalog', exporter: new InMemorySpanExporter() });
  const { code } = await bundleInThread(require.resolve('./workflows'));
  expect(code).toContain('OpenTelemetryOutboundInterceptor');
});
