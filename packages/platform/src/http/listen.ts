import { createServer, type RequestListener, type Server } from 'node:http';
import { activeTelemetry } from '../telemetry/telemetry';
import { traceRequests } from '../telemetry/serverSpan';
import { matchedRoute } from './app';

/** `handler` as the kit serves it: with telemetry started, every request in its HTTP server span. */
export function withRequestSpans(handler: RequestListener): RequestListener {
  return activeTelemetry() ? traceRequests(handler, (req) => matchedRoute(req as never)) : handler;
}

/**
 * Serves `handler` (an Express app) on `port` and `host`, resolving once it listens and rejecting with
 * the listen error (EADDRINUSE, EACCES). Not `app.listen(port, host, callback)`: Express 5 calls that
 * callback with the error too, so a busy port looked like success and failed later, far from its cause.
 * With telemetry started, every request runs in its HTTP server span (`withRequestSpans`).
 */
export function listenOn(handler: RequestListener, port: number, host: string): Promise<Server> {
  const server = createServer(withRequestSpans(handler));
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve(server);
    });
  });
}
