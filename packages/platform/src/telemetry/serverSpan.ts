import { context } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import type { ServerResponse } from 'node:http';

/**
 * Names the HTTP server span the request runs in after its route (`POST beatmatch_beat_play`, with
 * `http.route`), as Express's instrumentation did without its span per middleware layer. The HTTP
 * instrumentation reads the route from the request's RPC metadata when the response closes, so it is
 * set just before, from what the kit's router resolved by then (undefined: the span keeps the bare
 * method). Unsampled requests, nine in ten, only pay the check.
 */
export function nameServerSpanOnClose(res: ServerResponse, route: () => string | undefined) {
  const metadata = getRPCMetadata(context.active());
  if (metadata?.type !== RPCType.HTTP || !metadata.span.isRecording()) return;
  res.prependOnceListener('close', () => {
    metadata.route ??= route();
  });
}
