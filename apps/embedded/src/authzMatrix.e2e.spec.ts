import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminFromCommandLine, IDENTITY_SCHEMA } from '@beatmatch/identity';
import { createLogger } from '@beatmatch/platform';
import type { DemoAudio } from '@beatmatch/catalog';
import { apiCalls, type CallDeclaration } from '@beatmatch/contracts';
import { routeTable } from '@beatmatch/gateway';
import { startEmbedded, type EmbeddedSystem } from './index';
import { ApiClient, signedInClient } from './apiClient';
import { bindings, type MatrixBody, type MatrixResources } from './fixtures/matrixBindings';
import {
  addToCart,
  announcedBeat,
  deviceOf,
  createDraft,
  draftWithFiles,
  payCart,
  publishedBeat,
  putFile,
  sendFile,
  soundOf,
} from './fixtures/world';

/**
 * Authorization matrix: every declared call × every caller, with the status each must get, on real
 * resources. The owner has a published beat (the upload path and its workflow), an upload in
 * progress, a paid purchase, a device with a cart and a listener; each call with a binding
 * (fixtures/matrixBindings.ts) sends a valid request naming the owner's resource, every other call
 * an empty one. The expected status follows from the declared access (packages/contracts/src/api):
 * a call with `owner` access answers the owner 2xx and anyone else 403 or 404; the few calls whose
 * answer depends on something else say why in `exceptions`.
 *
 * Callers: anonymous (no session, no device cookie); other = a second real user; owner = the user
 * who owns the resources; admin = a third real user holding the admin role (granted as an operator
 * does, from the command line): every `admin` call answers it, and only it; an owner's resources stay
 * the owner's (an admin gets 403 or 404 there like anyone else).
 */
type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const callers: Caller[] = ['anonymous', 'other', 'owner', 'admin'];
type Row = Record<Caller, number | number[]>;
const calls = apiCalls as Record<string, CallDeclaration>;
const notYours = [403, 404];

const acceptsEmpty = (call: CallDeclaration) => !call.request || call.request.safeParse({}).success;

/** What the declared access gives each caller for the call's request (bound or empty). */
function expectedRow(name: string, call: CallDeclaration): Row {
  const valid = Object.hasOwn(bindings, name) || acceptsEmpty(call);
  const signedIn = call.access === 'plan' || call.access === 'admin' ? 403 : valid ? 200 : 400;
  const anonymous = call.access === 'anonymous' ? signedIn : call.access === 'device' ? 400 : 401;
  if (call.access === 'owner') return { anonymous, other: notYours, owner: 200, admin: notYours };
  const admin = call.access === 'admin' ? (valid ? 200 : 400) : signedIn;
  return { anonymous, other: signedIn, owner: signedIn, admin };
}

/** Calls whose answer is not the access's alone, and why. */
const exceptions: Record<string, { row: Partial<Row>; why: string }> = {
  stripe_webhook: {
    row: { anonymous: 400, other: 400, owner: 400, admin: 400 },
    why: 'a webhook without its Stripe-Signature is refused',
  },
  paypal_webhook: {
    row: { anonymous: 400, other: 400, owner: 400, admin: 400 },
    why: "a webhook without PayPal's transmission headers is refused",
  },
  beatmatch_checkout: {
    row: { anonymous: 401 },
    why: "a visitor's guest checkout pays its device's cart, so without a device there is no one to sign in",
  },
  get_lyrics: {
    row: { anonymous: 200 },
    why: 'a visitor without a device is answered signIn: true (the lyrics pad asks them to sign in)',
  },
  beatmatch_test_checkout_pay: {
    row: { anonymous: 401 },
    why: 'the test card form pays an order of the caller (a session, or a guest order of the device)',
  },
};

const matrix: Record<string, Row> = Object.fromEntries(
  Object.entries(calls).map(([name, call]) => [
    name,
    { ...expectedRow(name, call), ...(exceptions[name]?.row ?? {}) },
  ]),
);

const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;
const clients = {} as Record<Caller, ApiClient>;
let resources: MatrixResources;

/** The gateway caches a session's roles for a few seconds: wait until the grant shows. */
async function untilAdmin(client: ApiClient) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const me = await client.post<{ roles?: string[] }>('beatmatch_auth');
    if (me.body.roles?.includes('admin')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the admin grant never reached the session');
}

/** The owner's resources, made through the gateway as a producer and buyer would. */
async function ownersResources(owner: ApiClient, sounds: DemoAudio[]): Promise<MatrixResources> {
  const beatName = 'Matrix Beat';
  const beat = await publishedBeat(system, owner, beatName, sounds[0]!);
  // An upload in progress: its snippet confirmed, its mp3 sent and waiting for its confirm call.
  const draft = await createDraft(owner, 'Matrix Draft');
  await sendFile(system, owner, draft, 'snippet', sounds[1]!.mp3);
  await putFile(system, owner, draft, 'mp3', sounds[1]!.mp3);
  const readyDraft = await draftWithFiles(system, owner, 'Matrix Ready', sounds[2]!);
  const uuid = await deviceOf(owner);
  const bought = await announcedBeat(system);
  await addToCart(owner, uuid, bought.beatId);
  const [purchaseId] = await payCart(owner, uuid);
  const listed = await announcedBeat(system);
  // Every signed-in caller has a beat in the cart of their own device, so checkout has something to pay.
  for (const client of [owner, clients.other, clients.admin])
    await addToCart(client, await deviceOf(client), listed.beatId);
  return {
    beat,
    beatName,
    draft,
    readyDraft,
    purchase: { purchaseId: purchaseId!, beatId: bought.beatId },
    listedBeat: listed.beatId,
    uuid,
  };
}

beforeAll(async () => {
  process.env.WHITEPAPER_URL ??= 'https://beatmatch.test/whitepaper.pdf';
  // Rendered first: encoding would block the embedded system's event loop (same process).
  const sounds = [1, 2, 3].map(soundOf);
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-authz-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
  clients.anonymous = new ApiClient(system.url);
  clients.other = await signedInClient(system, 'matrixother');
  clients.owner = await signedInClient(system, 'matrixowner');
  clients.admin = await signedInClient(system, 'matrixadmin');
  await adminFromCommandLine(system.db, IDENTITY_SCHEMA, 'grant', 'matrixadmin@example.com');
  resources = await ownersResources(clients.owner, sounds);
  await untilAdmin(clients.admin);
}, 300_000);
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('has a row for every route of the route table, and an exception only for a declared call', () => {
  expect(Object.keys(matrix).sort()).toEqual(Object.keys(routeTable).sort());
  for (const name of Object.keys(exceptions)) expect(calls).toHaveProperty(name);
});

it('names the owner’s resource in every call declared with owner access (a new one needs its binding)', () => {
  const unbound = Object.entries(calls)
    .filter(([name, call]) => call.access === 'owner' && !Object.hasOwn(bindings, name))
    .map(([name]) => name);
  expect({ ownerCallsWithoutBinding: unbound }).toEqual({ ownerCallsWithoutBinding: [] });
  for (const name of Object.keys(bindings)) expect(calls).toHaveProperty(name);
});

const fields = (body: MatrixBody) =>
  body instanceof FormData
    ? Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))
    : body;

it('sends each bound call a request its declared schema accepts', () => {
  for (const [name, binding] of Object.entries(bindings)) {
    const parsed = calls[name]!.request!.safeParse(fields(binding.body(resources)));
    expect({ name, valid: parsed.success }).toEqual({ name, valid: true });
  }
});

async function send(client: ApiClient, route: string) {
  const call = calls[route]!;
  const body = bindings[route]?.body(resources) ?? {};
  if (call.method === 'get') {
    const query = new URLSearchParams(body as Record<string, string>).toString();
    return client.get(`/api/${route}${query ? `?${query}` : ''}`);
  }
  return body instanceof FormData ? client.postForm(route, body) : client.post(route, body);
}

// Calls that change a resource for good go after the others; logout, which ends the callers'
// sessions, goes last.
const rank = (name: string) => (name === 'beatmatch_logout' ? 2 : bindings[name]?.last ? 1 : 0);
const routes = Object.keys(routeTable).sort((a, b) => rank(a) - rank(b));
describe.each(routes)('%s', (route) => {
  it.each(callers)('answers the expected status to %s', async (caller) => {
    const row = Object.hasOwn(matrix, route) ? matrix[route] : undefined;
    expect(row).toBeDefined();
    // Anonymous = no session and no device cookie (the exclude row would otherwise give it one).
    const client = caller === 'anonymous' ? new ApiClient(system.url) : clients[caller];
    const { status } = await send(client, route);
    const expected = row![caller];
    // One of several (403 or 404 to a non-owner): the line names them when the status is neither.
    const wanted = Array.isArray(expected)
      ? expected.includes(status)
        ? status
        : expected.join(' or ')
      : expected;
    expect({ caller, status }).toEqual({ caller, status: wanted });
  });
});
