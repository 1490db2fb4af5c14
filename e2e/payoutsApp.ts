/**
 * The payouts journey's own embedded app (payouts.journey.ts spawns it: `node --import tsx`), because
 * the journey needs what the shared app of the other journeys cannot give: a clock it moves (a month
 * must close between the sale and the run) and the admin role granted the way an operator grants it,
 * by the command line's path (`adminFromCommandLine`, as the authorization matrix does) on the app's
 * own database, which only this process holds. Commands come as JSON lines on stdin, answers go out
 * as JSON lines on stdout; the app's logs go to stderr.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createLogger } from '@beatmatch/platform';
import { startEmbedded } from '@beatmatch/embedded';
import { adminFromCommandLine, IDENTITY_SCHEMA } from '@beatmatch/identity';
import { announcedBeat } from '../apps/embedded/src/fixtures/world';

type Command =
  | { advanceDays: number }
  | { grantAdmin: string }
  | { publishBeat: { producerId: string; producerName: string; name: string; firstDateCents: number } };

const DAY_MS = 86_400_000;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const answer = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main() {
  const system = await startEmbedded({
    dataDir: process.env.DATA_DIR!,
    port: Number(process.env.PORT ?? 0),
    host: '127.0.0.1',
    logger: createLogger('payouts-journey-app', process.env.LOG_LEVEL ?? 'warn', process.stderr),
    frontendsDir: path.resolve(__dirname, '..', 'frontends'),
    rateLimits: { login: 60, code: 30, reset: 30 },
    clock,
  });
  const run = async (command: Command) => {
    if ('advanceDays' in command) {
      offsetMs += command.advanceDays * DAY_MS;
      return { now: clock().toISOString() };
    }
    if ('grantAdmin' in command)
      return {
        admins: await adminFromCommandLine(system.db, IDENTITY_SCHEMA, 'grant', command.grantAdmin, clock),
      };
    const { producerId, producerName, name, firstDateCents } = command.publishBeat;
    // The catalog's BeatPublished on the app's bus, as its upload workflow publishes it (the upload
    // itself is the upload journey's): commerce and the matchmaker learn the beat from it.
    const beat = await announcedBeat(system, {
      producerId,
      producerName,
      name,
      prices: { firstDate: firstDateCents, relationship: firstDateCents * 2, marriage: null },
    });
    return { beatId: beat.beatId };
  };
  createInterface({ input: process.stdin }).on('line', (line) => {
    run(JSON.parse(line) as Command).then(
      (result) => answer({ ok: true, ...result }),
      (error: Error) => answer({ ok: false, error: error.message }),
    );
  });
  process.stdin.on('end', () => void system.stop().then(() => process.exit(0)));
  answer({ ready: true, url: system.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`payouts journey app failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
