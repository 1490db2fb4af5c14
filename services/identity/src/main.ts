/** Identity as its own process (distributed profile). */
import '@beatmatch/platform/src/telemetry/autostart';
import { z } from 'zod';
import { loadConfig, runService } from '@beatmatch/platform';
import { createIdentityService } from './index';

const own = loadConfig({
  /** HMAC key for e-mailed codes and reset links: at least 32 characters, the same on every replica. */
  IDENTITY_SECRET: z
    .string({ error: 'IDENTITY_SECRET is required' })
    .min(32, 'IDENTITY_SECRET must be at least 32 characters'),
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080'),
});

void runService('identity', 4001, ({ db, bus, mailer, verifier, logger }) =>
  createIdentityService({
    db,
    bus,
    mailer,
    verifier,
    logger,
    secret: own.IDENTITY_SECRET,
    publicUrl: () => own.PUBLIC_URL,
  }),
);
