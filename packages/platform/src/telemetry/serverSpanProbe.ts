/**
 * Run by serverSpan.unit.spec.ts in a process of its own (jest's module registry hides http from the
 * instrumentation): telemetry starts before http and express load, as a process entry does, then the
 * kit's request logging serves each path given on the command line; prints the HTTP server spans made.
 */
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { flushTelemetry, startTelemetry, stopTelemetry } from './telemetry';

const exporter = new InMemorySpanExporter();
startTelemetry({ serviceName: 'server-span-probe', exporter });

/* eslint-disable @typescript-eslint/no-require-imports -- http and express load after the instrumentation */
const { createServer } = require('node:http') as typeof import('node:http');
const express = require('express') as typeof import('express');
const { requestLogging } = require('../http/app') as typeof import('../http/app');
const { createLogger } = require('../logging/logger') as typeof import('../logging/logger');
/* eslint-enable @typescript-eslint/no-require-imports */

async function main() {
  const app = express();
  app.use(requestLogging(createLogger('things', 'silent')));
  app.get('/things/:id', (_req, res) => void res.json({ ok: true }));
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  for (const path of process.argv.slice(2)) await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await flushTelemetry();
  const spans = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
  console.log(
    JSON.stringify(spans.map((span) => ({ name: span.name, route: span.attributes['http.route'] }))),
  );
  await stopTelemetry();
}

void main();
