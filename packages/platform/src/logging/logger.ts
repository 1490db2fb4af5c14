import pino, { type Logger } from 'pino';

export type { Logger };

/** Request logs never show tokens, cookies or authorization headers (`destination` is for tests). */
export function createLogger(
  name: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
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
