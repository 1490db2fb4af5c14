/** `npm start` runs this: the embedded profile in one process (see apps/embedded). */
import '@beatmatch/platform/telemetry/autostart';
import path from 'node:path';
import { z } from 'zod';
import { createLogger, loadConfig, onStopSignal, serviceConfigShape } from '@beatmatch/platform';
import { startEmbedded } from '@beatmatch/embedded';

const config = loadConfig({
  ...serviceConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  /** The address users reach; links in e-mails point here. */
  PUBLIC_URL: z.string().url().optional(),
  FRONTENDS_DIR: z.string().default(path.resolve(__dirname, '..', 'frontends')),
  /** Attempts per minute per client address on login/sign-up, code resend, and password reset. */
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CODE: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_RESET: z.coerce.number().int().positive().default(5),
});

async function main() {
  const started = Date.now();
  const logger = createLogger('beatmatch', config.LOG_LEVEL);
  const starting = startEmbedded({
    dataDir: config.DATA_DIR,
    port: config.PORT,
    host: config.HOST,
    logger,
    frontendsDir: config.FRONTENDS_DIR,
    rateLimits: {
      login: config.RATE_LIMIT_LOGIN,
      code: config.RATE_LIMIT_CODE,
      reset: config.RATE_LIMIT_RESET,
    },
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL, mailFrom: config.MAIL_FROM } : {}),
  });
  // Ctrl-C reaches this process twice (the terminal's process group, and scripts/start.mjs forwarding):
  // the first signal stops (after the start, if it comes during it), later ones wait for that stop,
  // so the data directory's pid lock is always removed. Installed before the start: no window where
  // Node's default handler would kill the process.
  onStopSignal(async (signal) => {
    logger.info({ signal }, 'stopping');
    const running = await starting.catch(() => undefined);
    await running?.stop();
    process.stdout.write('Beatmatch stopped\n');
    process.exit(0);
  });
  const system = await starting;
  logger.info({ ms: Date.now() - started, dataDir: system.dataDir }, 'embedded profile started');
  process.stdout.write(`Beatmatch is running at ${system.url}\n`);
  if (!config.SMTP_URL)
    process.stdout.write(
      system.devMailboxPage.serve
        ? `Dev mailbox: ${system.url}/dev/mailbox (${system.devMailboxPage.reason})\n`
        : `Dev mailbox: not served (${system.devMailboxPage.reason})\n`,
    );
}

main().catch((error) => {
  process.stderr.write(`Beatmatch failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
