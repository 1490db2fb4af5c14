import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@beatmatch/platform';
import { routeTable } from '@beatmatch/gateway';
import { startEmbedded, type EmbeddedSystem } from './index';
import { ApiClient, signedInClient } from './apiClient';

/**
 * Authorization matrix, generated from the gateway's route table: every route × every caller, with
 * the status each must get (a request with an empty JSON body, CSRF token sent). A route added to
 * the table without a row here fails the first test, so no route ships without a decision on who
 * may call it.
 *
 * Callers: anonymous (no session); other = a signed-in user who does not own the resource; owner = the
 * signed-in user who owns it; admin = reserved for the admin role (none exists yet: until one does,
 * the column holds what a signed-in non-owner gets, so granting admins more is a visible change).
 * Identity's routes act on the caller's own account, so other and owner get the same answers.
 */
type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const callers: Caller[] = ['anonymous', 'other', 'owner', 'admin'];
type Row = Record<Caller, number>;
const everyone = (status: number): Row => ({
  anonymous: status,
  other: status,
  owner: status,
  admin: status,
});

/** A route that needs a session: anonymous callers get 401, signed-in ones `status`. */
const sessionNeeded = (status: number): Row => ({
  anonymous: 401,
  other: status,
  owner: status,
  admin: status,
});

const matrix: Record<string, Row> = {
  // Who am I: a session is required.
  beatmatch_auth: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  // Public routes: the empty body fails validation (400) whoever calls.
  beatmatch_login: everyone(400),
  beatmatch_login_auth_resend: everyone(400),
  beatmatch_signup: everyone(400),
  beatmatch_forgot_password: everyone(400),
  reset_beatmatchs_password: everyone(400),
  beatmatch_jwt_authenticate: everyone(400),
  // Contact form: public; the empty body is refused (400) whoever sends it.
  _contact: everyone(400),
  // The whitepaper link is public (WHITEPAPER_URL is set for this suite).
  get_whitepaper: everyone(200),
  // Public and bodiless: a visitor's device id.
  beatmatch_exclude: everyone(200),
  // Logging out needs a session to end.
  beatmatch_logout: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  // Catalog: every producer route needs a session; the empty body is refused (400). Ownership of a
  // beat is checked per beat (services/catalog/src/beats/api.int.spec.ts: another producer's beat is 403).
  beatmatch_create_reference: sessionNeeded(400),
  get_presignedUrl: sessionNeeded(400),
  aws_upload: sessionNeeded(400),
  beatmatch_upload_beat: sessionNeeded(400),
  beatmatch_manage_beats_get_tags: sessionNeeded(400),
  beatmatch_manage_beats_delete: sessionNeeded(400),
  beatmatch_manage_beats_edit: sessionNeeded(400),
  beatmatch_change_name: sessionNeeded(400),
  beatmatch_get_cover_art_url: sessionNeeded(400),
  beatmatch_manage_beats_change_cover_art: sessionNeeded(400),
  // The caller's own lists: a session is enough.
  beatmatch_manage_beats: sessionNeeded(200),
  beatmatch_get_totals: sessionNeeded(200),
  // GET routes (the matrix POSTs): a session is checked first, then POST is no route (404).
  beatmatch_last_uploaded_price: sessionNeeded(404),
  beatmatch_manage_beats_play_beat: sessionNeeded(404),
  // Public GET of cover images: a POST is no route; the catalog checks the session before that.
  beatmatch_cover_art: sessionNeeded(404),
  // Marketing reads: public. Pioneers answers everyone; no example beat is published in this suite
  // (404); the example's audio is a GET, so the POST falls through to the catalog's session check.
  beatmatch_pioneers: everyone(200),
  beatmatch_example_get_tags: everyone(404),
  beatmatch_example_drake: sessionNeeded(404),
  // Matchmaker: a visitor is its device (the uuid the gateway vouches for from its device cookie), so
  // calls without one are refused (400) and signed-in callers are their account; every call acts on the
  // caller's own listener only (matchmaker.int.spec.ts).
  beatmatch_beat_play: { anonymous: 400, other: 200, owner: 200, admin: 200 },
  get_match_count: { anonymous: 400, other: 200, owner: 200, admin: 200 },
  beatmatch_matchlist: { anonymous: 400, other: 200, owner: 200, admin: 200 },
  // A beat (or the audio source) is required whoever calls.
  beatmatch_load_beat_param: everyone(400),
  add_play: everyone(400),
  beatmatch_matchlist_remove: everyone(400),
  beatmatch_add_to_match_list: everyone(400),
  get_lyrics: everyone(400),
  // Public counts; the snippet is a GET (a POST is no route).
  total_beats: everyone(200),
  beatmatch_beat_play_snippet: everyone(404),
  // Play History: a session, then a paid artist plan ('No Access').
  beatmatch_play_history: { anonymous: 401, other: 403, owner: 403, admin: 403 },
  save_lyrics: sessionNeeded(400),
  // Commerce: a visitor's cart is its device (the uuid the gateway vouches for from its device cookie,
  // never the body's), so a visitor without one is refused (400); a user's cart is theirs (200), and
  // every cart call acts on the caller's own cart only (services/commerce api.int.spec.ts). Purchases,
  // downloads and checkout need a session; a download checks the buyer (services/commerce api.int.spec.ts:
  // another buyer's purchase is 404). The webhook without a Stripe-Signature is 400.
  get_cart_items: { anonymous: 400, other: 200, owner: 200, admin: 200 },
  update_to_cart: everyone(400),
  beatmatch_checkout: sessionNeeded(400),
  beatmatch_test_checkout_pay: sessionNeeded(400),
  stripe_webhook: everyone(400),
  retrieve_puchases: sessionNeeded(200),
  get_downloadable: sessionNeeded(400),
  beatmatch_license_verify: everyone(400),
  member_active_status: everyone(400),
  create_subscription_checkout: sessionNeeded(400),
  create_lifetime_checkout: sessionNeeded(400),
  cancel_subscription: sessionNeeded(400),
  create_portal_session: sessionNeeded(400),
  // A plan or subId is required; PayPal's webhook without its transmission headers is 400.
  createPaypalSubscription: sessionNeeded(400),
  paypal_webhook: everyone(400),
};

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

it('has a row for every route of the route table, and none for a route that does not exist', () => {
  expect(Object.keys(matrix).sort()).toEqual(Object.keys(routeTable).sort());
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
    const response = await client.post(route, {});
    expect({ caller, status: response.status }).toEqual({ caller, status: row![caller] });
  });
});
