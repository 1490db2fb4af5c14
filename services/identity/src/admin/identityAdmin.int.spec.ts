import request from 'supertest';
import { MAIL_CONSENT_MESSAGES, type AdminJobStatus } from '@beatmatch/contracts';
import { readableMail, waitFor } from '@beatmatch/testing';
import { identityTestbed, TEST_SECRET, type IdentityService, type IdentityTestbed } from '../testing/harness';
import { registerUser } from '../testing/admins';
import { unsubscribeToken } from '../mailConsent/unsubscribeLinks';
import { campaignIdOf } from './campaign';
import { testAdminJobs } from './testing';
import { userStream, type SurveyAnswered } from '../users/user';

/**
 * identity's maintenance jobs on real PostgreSQL, SMTP and Temporal (the service's own worker): the e-mail CSV holds only the users who
 * agreed to news mails; send V3 email mails them alone, each with an unsubscribe link that works once
 * and cannot be forged; Fill username urls gives producers unique, stable store slugs.
 */
let bed: IdentityTestbed;
let identity: IdentityService;
type Name = 'ann' | 'bob' | 'cleo' | 'dan';
const users = {} as Record<Name, { userId: string; email: string }>;
let adminHeaders: Record<string, string>;

const as = (name: Name) => bed.headers({ ...users[name], userName: name });
const post = async (headers: Record<string, string>, path: string, body: object = {}) =>
  request(identity.app).post(path).set(headers).send(body);

async function finished(jobId: string): Promise<AdminJobStatus> {
  const status = async () =>
    (await post(adminHeaders, '/admin/jobs/status', { jobId })).body as AdminJobStatus;
  await waitFor(`job ${jobId}`, async () => (await status()).state !== 'running', 20_000);
  return status();
}

beforeAll(async () => {
  bed = await identityTestbed('admin_jobs');
  identity = await bed.identity({ adminJobs: testAdminJobs() });
  await identity.start();
  for (const name of ['ann', 'bob', 'cleo', 'dan'] as const)
    users[name] = await registerUser(identity.store, name);
  adminHeaders = await bed.headers({ ...users.ann, userName: 'ann', roles: ['admin'] });
  // ann and cleo agree to news mails; bob never does; dan agrees, then withdraws from his account.
  for (const name of ['ann', 'cleo', 'dan'] as const)
    expect((await post(await as(name), '/mail-consent/set', { agreed: true })).body).toEqual({
      agreed: true,
    });
  await post(await as('dan'), '/mail-consent/set', { agreed: false });
});
afterAll(() => bed?.close());

it('downloads the e-mail CSV with only the users who agreed to mail, for admins only', async () => {
  expect(
    (
      await request(identity.app)
        .get('/admin/email-csv')
        .set(await as('bob'))
    ).status,
  ).toBe(403);
  const csv = await request(identity.app).get('/admin/email-csv').set(adminHeaders);
  expect(csv.status).toBe(200);
  expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="beatmatch-emails-/);
  const lines = csv.text.trim().split('\r\n');
  expect(lines[0]).toBe('email,username,agreedAt');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
    `"${users.ann.email}"`,
    `"${users.cleo.email}"`,
  ]);
  expect((await post(await as('bob'), '/mail-consent')).body).toEqual({ agreed: false });
});

const unsubscribeUrl = (mailText: string) =>
  new URL(/(http:\/\/beatmatch\.test\/api\/mail_unsubscribe\?token=\S+)/.exec(mailText)![1]!);
// A mail's link reaches identity through the gateway, as a visitor's call.
const openLink = async (token: string) =>
  request(identity.app)
    .get('/mail-consent/unsubscribe')
    .set(await bed.headers())
    .query({ token });

it('mails a campaign to the consenting users only; its unsubscribe link works once and cannot be forged', async () => {
  const campaign = { subject: 'Beatmatch V3', body: 'V3 is here.' };
  const started = await post(adminHeaders, '/admin/jobs/campaign', campaign);
  expect(started.status).toBe(200);
  expect(await finished(started.body.jobId)).toMatchObject({
    state: 'succeeded',
    done: 2,
    total: 2,
    result: 'Queued the mail for 2 users who agreed to news mails.',
  });
  await waitFor(
    'the campaign mails',
    () => bed.mailsTo(users.cleo.email).length === 1 && bed.mailsTo(users.ann.email).length === 1,
  );
  for (const name of ['bob', 'dan'] as const) expect(bed.mailsTo(users[name].email)).toHaveLength(0);
  const mail = bed.mailsTo(users.cleo.email)[0]!;
  expect(mail.subject).toBe('Beatmatch V3');
  const token = unsubscribeUrl(readableMail(mail)).searchParams.get('token')!;

  const forged = await unsubscribeToken('another-secret-that-is-long-enough-here', {
    userId: users.ann.userId,
    campaignId: campaignIdOf(campaign),
  });
  const refused = await openLink(forged);
  expect([refused.status, refused.text.includes(MAIL_CONSENT_MESSAGES.linkInvalid)]).toEqual([400, true]);
  expect((await openLink(`${token}x`)).status).toBe(400);

  const first = await openLink(token);
  expect([first.status, first.text.includes(MAIL_CONSENT_MESSAGES.unsubscribed)]).toEqual([200, true]);
  expect((await post(await as('cleo'), '/mail-consent')).body).toEqual({ agreed: false });
  await post(await as('cleo'), '/mail-consent/set', { agreed: true });
  const again = await openLink(token);
  expect([again.status, again.text.includes(MAIL_CONSENT_MESSAGES.linkUsed)]).toEqual([410, true]);
  expect((await post(await as('cleo'), '/mail-consent')).body).toEqual({ agreed: true });
  // ann's own link still works: links are per mail.
  const annToken = await unsubscribeToken(TEST_SECRET, {
    userId: users.ann.userId,
    campaignId: campaignIdOf(campaign),
  });
  expect((await openLink(annToken)).status).toBe(200);
});

it('gives every producer a unique store slug that stays when run again', async () => {
  const answer = (userId: string, version: number): Promise<unknown> => {
    const event: SurveyAnswered = {
      type: 'SurveyAnswered',
      data: { answer: 'prod', answeredAt: new Date().toISOString() },
    };
    return identity.store.appendToStream(userStream(userId), [event], { expectedVersion: version });
  };
  const twin = await registerUser(identity.store, 'Bob!');
  for (const userId of [users.bob.userId, twin.userId, users.cleo.userId]) await answer(userId, 1);
  const first = await post(adminHeaders, '/admin/jobs/store-slugs');
  expect(await finished(first.body.jobId)).toMatchObject({ state: 'succeeded', done: 3, total: 3 });
  const slugOf = async (slug: string) =>
    (
      await request(identity.app)
        .get('/store-slug')
        .set(await bed.headers())
        .query({ slug })
    ).body;
  expect(await slugOf('bob')).toEqual({ userId: users.bob.userId, slug: 'bob' });
  expect(await slugOf('bob-2')).toEqual({ userId: twin.userId, slug: 'bob-2' });
  expect(await slugOf('cleo')).toEqual({ userId: users.cleo.userId, slug: 'cleo' });
  const again = await post(adminHeaders, '/admin/jobs/store-slugs');
  expect((await finished(again.body.jobId)).result).toBe('Checked 3 producers: 3 store addresses.');
  expect(await slugOf('bob-2')).toEqual({ userId: twin.userId, slug: 'bob-2' });
  expect(
    (
      await request(identity.app)
        .get('/store-slug')
        .set(await bed.headers())
        .query({ slug: 'nobody' })
    ).status,
  ).toBe(404);
});
