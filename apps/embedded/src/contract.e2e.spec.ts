import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCalls, internalRoutes, serviceNames, type CallDeclaration } from '@beatmatch/contracts';
import { contractGaps, createLogger } from '@beatmatch/platform';
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
