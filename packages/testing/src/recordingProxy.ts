import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that passed through a RecordingProxy, body decoded when it was a form or JSON. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** application/x-www-form-urlencoded bodies (Stripe's) as flat keys, e.g. `line_items[0][quantity]`. */
  form: Record<string, string>;
}

/**
 * An HTTP proxy on loopback in front of a real (mock) server such as stripe-mock: it forwards every
 * request unchanged and records it, so a test can assert what an adapter SENT as well as what it got.
 */
export interface RecordingProxy {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const type = String(req.headers['content-type'] ?? '');
      const form = type.includes('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(rawBody))
        : {};
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody, form });
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recording proxy: ${error.message}`);
      });
      forwarded.end(rawBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
