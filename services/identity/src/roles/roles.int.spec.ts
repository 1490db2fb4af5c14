import request from 'supertest';
import { ADMIN_ONLY_MESSAGE, adminRoleMessages } from '@beatmatch/contracts';
import type { Caller } from '@beatmatch/platform';
import { identityTestbed, type IdentityService, type IdentityTestbed } from '../testing/harness';
import { makeAdmin, registerUser } from '../testing/admins';
import { adminFromCommandLine } from './commandLine';
import { AdminRoleQueries } from './readModel';

/** The admin role on real PostgreSQL: the command line, grants and revokes by an admin, 403 to others, the action log. */
let bed: IdentityTestbed;
let identity: IdentityService;
const users: Record<'ann' | 'bob' | 'cleo', { userId: string; email: string }> = {} as never;

beforeAll(async () => {
  bed = await identityTestbed('roles');
  identity = await bed.identity();
  for (const name of ['ann', 'bob', 'cleo'] as const) users[name] = await registerUser(identity.store, name);
});
afterAll(() => bed?.close());

const as = async (name: keyof typeof users, roles: Caller['roles'] = []) =>
  bed.headers({ ...users[name], userName: name, ...(roles.length ? { roles } : {}) });
const post = async (headers: Record<string, string>, path: string, body: object = {}) =>
  request(identity.app).post(path).set(headers).send(body);
const emails = (body: { admins: { email: string }[] }) => body.admins.map((admin) => admin.email);

it('refuses every admin call to a signed-in user without the role (403) and to a visitor (401)', async () => {
  const bob = await as('bob');
  for (const path of ['/admin/roles', '/admin/roles/grant', '/admin/roles/revoke', '/admin/actions']) {
    const refused = await post(bob, path, { email: users.bob.email });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: ADMIN_ONLY_MESSAGE });
    expect((await post(await bed.headers(), path, { email: users.bob.email })).status).toBe(401);
  }
  expect(await new AdminRoleQueries(bed.db, bed.schema).rolesOf(users.bob.userId)).toEqual([]);
});

it('grants from the command line, then an admin grants and revokes, never the last admin', async () => {
  expect((await makeAdmin(bed.db, bed.schema, users.ann.email)).map((admin) => admin.grantedBy)).toEqual([
    'command line',
  ]);
  const roles = new AdminRoleQueries(bed.db, bed.schema);
  expect(await roles.rolesOf(users.ann.userId)).toEqual(['admin']);
  const ann = await as('ann', ['admin']);
  const granted = await post(ann, '/admin/roles/grant', { email: 'BOB@beatmatch.test' });
  expect(granted.status).toBe(200);
  expect(emails(granted.body)).toEqual([users.ann.email, users.bob.email]);
  expect(granted.body.admins[1]).toMatchObject({ userName: 'bob', grantedBy: users.ann.email });
  // Granting again records nothing and answers the same list.
  expect(emails((await post(ann, '/admin/roles/grant', { email: users.bob.email })).body)).toHaveLength(2);
  const revoked = await post(await as('bob', ['admin']), '/admin/roles/revoke', { email: users.bob.email });
  expect(emails(revoked.body)).toEqual([users.ann.email]);
  expect(await roles.rolesOf(users.bob.userId)).toEqual([]);
  const last = await post(ann, '/admin/roles/revoke', { email: users.ann.email });
  expect(last.status).toBe(409);
  expect(last.body).toMatchObject({ detail: adminRoleMessages.lastAdmin });
  const unknown = await post(ann, '/admin/roles/grant', { email: 'nobody@beatmatch.test' });
  expect(unknown.status).toBe(404);
  expect(unknown.body).toMatchObject({ detail: adminRoleMessages.noSuchUser });
  expect((await post(ann, '/admin/roles/grant', { email: 'not an e-mail' })).status).toBe(400);
  // The command line may revoke the last admin (it can always grant again).
  expect(await adminFromCommandLine(bed.db, bed.schema, 'revoke', users.ann.email)).toEqual([]);
  await makeAdmin(bed.db, bed.schema, users.ann.email);
});

it('lists every admin action (who, what, when, outcome), newest first; only the gateway records them', async () => {
  const gateway = await bed.headers({ gateway: true });
  const report = { by: users.ann.email, action: 'populate_payouts', status: 200, detail: '' };
  expect((await post(gateway, '/admin/actions/record', report)).status).toBe(204);
  expect((await post(gateway, '/admin/actions/record', { ...report, status: 500 })).status).toBe(204);
  expect((await post(await as('ann', ['admin']), '/admin/actions/record', report)).status).toBe(403);
  expect((await post(gateway, '/admin/actions/record', { ...report, status: 'ok' })).status).toBe(400);
  const { body } = await post(await as('ann', ['admin']), '/admin/actions');
  expect(body.actions.slice(0, 2)).toEqual([
    expect.objectContaining({
      by: users.ann.email,
      action: 'populate_payouts',
      status: 500,
      outcome: 'failed',
    }),
    expect.objectContaining({
      by: users.ann.email,
      action: 'populate_payouts',
      status: 200,
      outcome: 'succeeded',
    }),
  ]);
  expect(body.actions).toContainEqual(
    expect.objectContaining({ by: 'command line', action: 'admin_roles_grant', detail: users.ann.email }),
  );
  expect(Date.parse(body.actions[0].at)).toBeGreaterThan(Date.now() - 60_000);
});
