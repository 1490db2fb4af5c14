import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_ONLY_MESSAGE, type AdminAction } from '@beatmatch/contracts';
import { adminFromCommandLine, IDENTITY_SCHEMA } from '@beatmatch/identity';
import { createLogger } from '@beatmatch/platform';
import { startEmbedded, type EmbeddedSystem } from './index';
import { signedInClient, type ApiClient } from './apiClient';

/**
 * The admin role through the shipped app (issue 26): the gateway carries the role identity answers,
 * payouts' admin calls open to an admin only, each admin call is logged, and the command line works
 * on the app's data directory (refusing while the app holds it).
 */
jest.setTimeout(180_000);
const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;
let ann: ApiClient & { email: string };
let bob: ApiClient & { email: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-admin-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
  ann = await signedInClient(system, 'annadmin');
  bob = await signedInClient(system, 'bobuser');
});
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npx beatmatch …` as an operator runs it: the package's bin, in its own process. */
const beatmatch = (...args: string[]) => {
  // The embedded profile's database: the data directory's PGlite, not the test servers' PostgreSQL.
  const { DATABASE_URL: _servers, ...env } = process.env;
  return spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'beatmatch.mjs'), ...args], {
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
};

/** The gateway caches a session's caller for up to 10 s: a granted role shows within that. */
async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('refuses payouts’ admin calls to everyone until identity grants the role, then logs what the admin did', async () => {
  const refused = await bob.post('populate_payouts', {});
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ detail: ADMIN_ONLY_MESSAGE });
  expect((await ann.post('admin_roles_list')).status).toBe(403);

  await adminFromCommandLine(system.db, IDENTITY_SCHEMA, 'grant', ann.email);
  const populated = await until(
    () => ann.post('populate_payouts', {}),
    (response) => response.status === 200,
  );
  expect(populated.status).toBe(200);
  expect((await ann.post<{ roles?: string[] }>('beatmatch_auth')).body.roles).toEqual(['admin']);
  expect((await ann.post('payout_exclude_intercash', { exclude: true })).body).toEqual({ exclude: true });
  expect((await bob.post('payout_exclude_intercash', { exclude: false })).status).toBe(403);

  const logged = await until(
    () => ann.post<{ actions: AdminAction[] }>('admin_actions'),
    (response) => response.body.actions?.some((action) => action.action === 'payout_exclude_intercash'),
  );
  const actions = logged.body.actions.map(({ by, action, outcome }) => ({ by, action, outcome }));
  expect(actions).toEqual(
    expect.arrayContaining([
      { by: ann.email, action: 'populate_payouts', outcome: 'succeeded' },
      { by: ann.email, action: 'payout_exclude_intercash', outcome: 'succeeded' },
      { by: 'command line', action: 'admin_roles_grant', outcome: 'succeeded' },
    ]),
  );
  // A refused caller's attempts are not admin actions.
  expect(actions.filter((action) => action.by === bob.email)).toEqual([]);

  // Nor are reads (this list, a job's progress): a read, then a change; once the change is in the log,
  // the read before it would be too.
  await ann.post('admin_actions');
  await ann.post('payout_exclude_intercash', { exclude: false });
  const after = await until(
    () => ann.post<{ actions: AdminAction[] }>('admin_actions'),
    (response) => response.body.actions?.filter((a) => a.action === 'payout_exclude_intercash').length === 2,
  );
  expect(after.body.actions.filter((action) => action.action === 'admin_actions')).toEqual([]);
});

it('lets an admin grant another, and the command line refuses while the app holds its data directory', async () => {
  const granted = await ann.post<{ admins: { email: string }[] }>('admin_roles_grant', { email: bob.email });
  expect(granted.body.admins.map((admin) => admin.email)).toEqual([ann.email, bob.email]);
  expect(
    (
      await until(
        () => bob.post('admin_roles_list'),
        (r) => r.status === 200,
      )
    ).status,
  ).toBe(200);
  const whileRunning = beatmatch('admin', 'list');
  expect(whileRunning.status).toBe(1);
  expect(whileRunning.stderr).toMatch(/Another Beatmatch \(pid \d+\) is using/);
  await system.stop();
  const revoked = beatmatch('admin', 'revoke', bob.email);
  expect(revoked.stderr).toBe('');
  expect(revoked.stdout).toContain(`Admins (1):\n  ${ann.email} (granted by command line`);
});
