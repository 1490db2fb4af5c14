import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCalls, internalRoutes, serviceNames, type CallDeclaration } from '@beatmatch/contracts';
import { contractGaps, contractSubscriptions, createLogger } from '@beatmatch/platform';
import { startEmbedded, type EmbeddedSystem } from './index';

/*
 * The route contract against the composed app (the shipped composition root, not a test wiring):
 * every declared call is handled by its service at its declared method and path, and every route a
 * service serves is a declared call or one of its declared internal routes.
 */

let dataDir: string;
let system: EmbeddedSystem;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-contract-'));
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

describe.each(serviceNames)('%s', (service) => {
  it('handles every call declared for it, and serves nothing undeclared', () => {
    const app = system.serviceApps.get(service)!;
    const internal = (internalRoutes[service] ?? []).map((route) => `${route.method} ${route.path}`);
    expect(contractGaps(service, app, internal)).toEqual({ notHandled: [], notDeclared: [] });
  });
});

it('declares each call at a method and path of its own', () => {
  const routes = Object.values(apiCalls as Record<string, CallDeclaration>).map(
    (call) => `${call.service} ${call.method} ${call.path}`,
  );
  expect(routes.length).toBe(new Set(routes).size);
});

/**
 * docs/contracts.md's events table: each event type → the services its consumer column names (the
 * gateway's own subscription and notes in brackets aside).
 */
function documentedConsumers(): Map<string, string[]> {
  const doc = readFileSync(path.join(__dirname, '../../../docs/contracts.md'), 'utf8');
  const table = new Map<string, string[]>();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 6 || !cells[1]!.startsWith('`')) continue;
    const [first, ...more] = cells[1]!.replaceAll('`', '').split(' / ');
    const service = first!.split('.')[0]!;
    const types = [first!, ...more.map((name) => `${service}.${name}`)];
    const consumers = serviceNames.filter((name) =>
      cells[4]!
        .replace(/\([^)]*\)/g, '')
        .split(/[ ,]+/)
        .includes(name),
    );
    for (const type of types) table.set(type, consumers);
  }
  return table;
}

it('docs/contracts.md names exactly the services that subscribe to each event', () => {
  const subscribed = new Map<string, Set<string>>();
  for (const { schema, types } of contractSubscriptions.values())
    for (const type of types) subscribed.set(type, (subscribed.get(type) ?? new Set()).add(schema));
  const documented = documentedConsumers();
  expect(documented.size).toBeGreaterThan(10);
  const actual = Object.fromEntries(
    [...new Set([...documented.keys(), ...subscribed.keys()])]
      .sort()
      .map((type) => [type, [...(subscribed.get(type) ?? [])].sort()]),
  );
  const claimed = Object.fromEntries(
    Object.keys(actual).map((type) => [type, [...(documented.get(type) ?? [])].sort()]),
  );
  expect(claimed).toEqual(actual);
});
