import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as contracts from '@beatmatch/contracts';
import { contractSubscriptions, createLogger } from '@beatmatch/platform';
import { startEmbedded, type EmbeddedSystem } from './index';

/*
 * Every integration event a service consumes is sent by a test of that service (its specs under
 * services/<name>/src) or of the embedded app (apps/embedded/src), which then checks its effect. The
 * subscriptions are the ones the shipped composition really makes (as contract.e2e.spec.ts reads
 * them); a test "sends" a contract when its file publishes events (`integrationEvent(`, a bus's
 * `publish(`, the fixtures' `sendContract(` / `announcedBeat(`) and names the contract, by its type
 * ('catalog.BeatPrivacyChanged') or its exported constant (beatPrivacyChangedV1). A new subscription
 * without such a test turns this red.
 */
const root = path.join(__dirname, '../../..');
let dataDir: string;
let system: EmbeddedSystem;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-contracts-sent-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('test', 'silent'),
    env: { ...process.env, DEMO_CATALOGUE: 'off' },
  });
});
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const specFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(int|e2e)\.spec\.ts$/.test(file) && !file.endsWith(path.basename(__filename)))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'));

const sendsEvents = /integrationEvent\(|\.publish\(|sendContract\(|announcedBeat\(/;

/** The names a test can send a contract by: its type and the constants the contracts package exports for it. */
function namesOf(type: string): string[] {
  const constants = Object.entries(contracts)
    .filter(([, value]) => (value as { type?: unknown } | null)?.type === type)
    .map(([name]) => name);
  return [`'${type}'`, ...constants.map((name) => new RegExp(`\\b${name}\\b`).source)];
}

it('sends, in a test of the consuming service, every contract a service subscribes to', () => {
  const consumed = new Map<string, Set<string>>();
  for (const { schema, types } of contractSubscriptions.values())
    for (const type of types) consumed.set(schema, (consumed.get(schema) ?? new Set()).add(type));
  expect(consumed.size).toBeGreaterThan(3);
  const embedded = specFiles(path.join(root, 'apps/embedded/src'));
  const unsent: string[] = [];
  for (const [service, types] of consumed) {
    const files = [...specFiles(path.join(root, 'services', service, 'src')), ...embedded].filter((text) =>
      sendsEvents.test(text),
    );
    for (const type of types) {
      const names = namesOf(type).map((name) => new RegExp(name));
      if (!files.some((text) => names.some((name) => name.test(text)))) unsent.push(`${service} ← ${type}`);
    }
  }
  expect({ consumedButNeverSentByATest: unsent.sort() }).toEqual({ consumedButNeverSentByATest: [] });
});
