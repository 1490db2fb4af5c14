/**
 * Run by serverSpan.unit.spec.ts in a process of its own (its own global tracer provider): telemetry
 * starts, then an app with the kit's request logging, served as the kit serves it (`listenOn`), answers
 * the requests given as JSON on the command line one after another; prints every span made.
 */
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import express from 'express';
import { request as httpRequest } from 'node:http';
import { requestLogging } from '../http/app';
import { listenOn } from '../http/listen';
import { createLogger } from '../logging/logger';
import { flushTelemetry, inSpan, startTelemetry, stopTelemetry } from './telemetry';

export interface ProbeRequest {
  path: string;
  /** A JSON body, POSTed. */
  body?: unknown;
  traceparent?: string;
}

const exporter = new InMemorySpanExporter();
startTelemetry({ serviceName: 'server-span-probe', exporter });

async function main() {
  const app = express();
  app.use(requestLogging(createLogger('things', 'silent')));
  app.get('/things/:id', (_req, res) => void res.json({ ok: true }));
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  // Work after the body was read from the request's own events, as a streamed upload is (express.json
  // keeps its caller's context itself): still in the request's trace.
  app.post('/echo', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void inSpan('after-body', {}, async () => void res.type('json').send(Buffer.concat(chunks)));
    });
  });
  const server = await listenOn(app, 0, '127.0.0.1');
  const { port } = server.address() as { port: number };
  for (const request of JSON.parse(process.argv[2]!) as ProbeRequest[]) {
    const headers: Record<string, string> = request.traceparent ? { traceparent: request.traceparent } : {};
    if (request.body === undefined)
      await (await fetch(`http://127.0.0.1:${port}${request.path}`, { headers })).text();
    else await postLater(port, request.path, headers, JSON.stringify(request.body));
  }
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await flushTelemetry();
  console.log(
    JSON.stringify(
      exporter.getFinishedSpans().map((span) => ({
        name: span.name,
        kind: span.kind === SpanKind.SERVER ? 'server' : 'internal',
        route: span.attributes['http.route'],
        status: span.attributes['http.response.status_code'],
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
        parentSpanId: span.parentSpanContext?.spanId,
      })),
    ),
  );
  await stopTelemetry();
}

/**
 * POSTs `body` a moment after the headers, as a slow client does: the body then comes from the socket in
 * a callback of its own, not with the request's first packet.
 */
async function postLater(port: number, path: string, headers: Record<string, string>, body: string) {
  const request = httpRequest({
    port,
    host: '127.0.0.1',
    path,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<void>((resolve, reject) => {
    request.on('response', (response) => response.resume().on('end', resolve));
    request.on('error', reject);
  });
  request.flushHeaders();
  await new Promise((resolve) => setTimeout(resolve, 50));
  request.end(body);
  await answered;
}

void main();
