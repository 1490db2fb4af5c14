import { z } from 'zod';

/**
 * Reads configuration from the environment through a zod schema, so every setting has one documented
 * default and a bad value stops the process at start with a clear message (not at first use).
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<Shape>> {
  const result = z.object(shape).safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

/** Settings every service shares. */
export const serviceConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** postgres://… for the distributed profile; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Comma-separated host:port list; unset means the in-process bus. */
  KAFKA_BROKERS: z.string().optional(),
  /** smtp://user:pass@host:port; unset means the dev mailbox under DATA_DIR. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Beatmatch <no-reply@beatmatch.local>'),
  /** OTLP/HTTP endpoint for traces; unset means traces are not exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
};
