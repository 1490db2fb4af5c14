import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@beatmatch/platform';
import { apiCalls, type CallDeclaration } from '@beatmatch/contracts';
import { routeTable } from '@beatmatch/gateway';
import { startEmbedded, type EmbeddedSystem } from './index';
import { ApiClient, signedInClient } from './apiClient';

/**
 * Authorization matrix: every declared call × every caller, with the status each must get. The
 * expected status follows from the call's declared access (packages/contracts/src/api) and from
 * whether its request schema accepts an empty request; the few calls whose answer depends on
 * something else say why in `exceptions`. The request is empty (a POST's JSON body `{}`, a GET
 * without query), CSRF token sent.
 *
 * Callers: anonymous (no session, no device cookie); other = a signed-in user who does not own the
 * resource; owner = the signed-in user who owns it; admin = reserved for the admin role (none exists
 * yet: until one does, the column holds what a signed-in non-owner gets, so granting admins more is a
 * visible change).
 */
type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const callers: Caller[] = ['anonymous', 'other', 'owner', 'admin'];
type Row = Record<Caller, number>;
const calls = apiCalls as Record<string, CallDeclaration>;

const acceptsEmpty = (call: CallDeclaration) => !call.request || call.request.safeParse({}).success;

/** What the declared access gives each caller for an empty request. */
function expectedRow(call: CallDeclaration): Row {
  const signedIn = call.access === 'plan' || call.access === 'admin' ? 403 : acceptsEmpty(call) ? 200 : 400;
  const anonymous = call.access === 'anonymous' ? signedIn : call.access === 'device' ? 400 : 401;
  return { anonymous, other: signedIn, owner: signedIn, admin: signedIn };
}

/** Calls whose empty-request answer is not the access's alone, and why. */
const exceptions: Record<string, { row: Partial<Row>; why: string }> = {
  beatmatch_example_drake: {
    row: { anonymous: 204, other: 204, owner: 204, admin: 204 },
    why: 'no example beat is published in this suite: the audio is empty (its tags answer name null)',
  },
  stripe_webhook: {
    row: { anonymous: 400, other: 400, owner: 400, admin: 400 },
    why: 'a webhook without its Stripe-Signature is refused',
  },
  paypal_webhook: {
    row: { anonymous: 400, other: 400, owner: 400, admin: 400 },
    why: "a webhook without PayPal's transmission headers is refused",
  },
  beatmatch_checkout: {
    row: { anonymous: 401, other: 400, owner: 400, admin: 400 },
    why: "an empty cart cannot be checked out; a visitor's guest checkout pays its device's cart, so without a device there is no one to sign in",
  },
  beatmatch_test_checkout_pay: {
    row: { anonymous: 401 },
    why: 'the test card form pays an order of the caller (a session, or a guest order of the device)',
  },
};

const matrix: Record<string, Row> = Object.fromEntries(
  Object.entries(calls).map(([name, call]) => [
    name,
    { ...expectedRow(call), ...(exceptions[name]?.row ?? {}) },
  ]),
);

const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;
const clients = {} as Record<Caller, ApiClient>;

const signedIn = (name: string) => signedInClient(system, name);

beforeAll(async () => {
  process.env.WHITEPAPER_URL ??= 'https://beatmatch.test/whitepaper.pdf';
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-authz-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
  clients.anonymous = new ApiClient(system.url);
  clients.other = await signedIn('matrixother');
  clients.owner = await signedIn('matrixowner');
  clients.admin = await signedIn('matrixadmin');
});
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('has a row for every route of the route table, and an exception only for a declared call', () => {
  expect(Object.keys(matrix).sort()).toEqual(Object.keys(routeTable).sort());
  for (const name of Object.keys(exceptions)) expect(calls).toHaveProperty(name);
});

// Logout ends the callers' sessions: it goes last.
const routes = Object.keys(routeTable).sort(
  (a, b) => Number(a === 'beatmatch_logout') - Number(b === 'beatmatch_logout'),
);
describe.each(routes)('%s', (route) => {
  it.each(callers)('answers the expected status to %s', async (caller) => {
    const row = Object.hasOwn(matrix, route) ? matrix[route] : undefined;
    expect(row).toBeDefined();
    // Anonymous = no session and no device cookie (the exclude row would otherwise give it one).
    const client = caller === 'anonymous' ? new ApiClient(system.url) : clients[caller];
    const response =
      calls[route]!.method === 'get' ? await client.get(`/api/${route}`) : await client.post(route, {});
    expect({ caller, status: response.status }).toEqual({ caller, status: row![caller] });
  });
});
