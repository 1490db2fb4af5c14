import { trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export type { Logger };

/** A line written inside a sampled span names its trace and span, so the line leads to its trace. */
function traceIds(): object {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Request logs never show tokens, cookies or authorization headers (`destination` is for tests). */
export function createLogger(
  name: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    mixin: traceIds,
    redact: {
      paths: [
        'password',
        '*.password',
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["proxy-authorization"]',
        'req.headers["x-internal-token"]',
        'req.headers["x-csrf-token"]',
        'req.headers["x-beatmatch-session"]',
        'res.headers["x-beatmatch-session"]',
        'headers.cookie',
        'headers.authorization',
        'headers["x-internal-token"]',
        'headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
