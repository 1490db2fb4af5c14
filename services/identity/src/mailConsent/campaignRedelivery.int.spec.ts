import request from 'supertest';
import type { AdminJobStatus } from '@beatmatch/contracts';
import { waitFor } from '@beatmatch/testing';
import { identityTestbed, type IdentityService, type IdentityTestbed } from '../testing/harness';
import { registerUser } from '../testing/admins';
import { campaignIdOf } from '../admin/campaign';
import { testAdminJobs } from '../admin/testing';
import { mailConsentStream } from './consent';

/**
 * A campaign mail reaches each consenting user once: whether its mail request is delivered again (the
 * outbox relays at least once, Kafka redelivers) or the admin runs the same campaign again.
 */
let bed: IdentityTestbed;
let identity: IdentityService;
let adminHeaders: Record<string, string>;
const campaign = { subject: 'Beatmatch V3 is out', body: 'Swipe, match, sell.' };

beforeAll(async () => {
  bed = await identityTestbed('campaign_once');
  identity = await bed.identity({ adminJobs: testAdminJobs() }); // the campaign is an admin job
  await identity.start();
}, 60_000);
afterAll(() => bed?.close());

const post = async (headers: Record<string, string>, path: string, body: object = {}) =>
  request(identity.app).post(path).set(headers).send(body);

async function runCampaign(): Promise<AdminJobStatus> {
  const { jobId } = (await post(adminHeaders, '/admin/jobs/campaign', campaign)).body as { jobId: string };
  const status = async () =>
    (await post(adminHeaders, '/admin/jobs/status', { jobId })).body as AdminJobStatus;
  await waitFor(`campaign job ${jobId}`, async () => (await status()).state !== 'running', 20_000);
  return status();
}

it('mails each consenting user once when the request is redelivered or the campaign is run again', async () => {
  const eve = await registerUser(identity.store, 'eve');
  adminHeaders = await bed.headers({ ...eve, userName: 'eve', roles: ['admin'] });
  await post(await bed.headers({ ...eve, userName: 'eve' }), '/mail-consent/set', { agreed: true });

  expect(await runCampaign()).toMatchObject({ state: 'succeeded', done: 1, total: 1 });
  await waitFor('the campaign mail', () => bed.mailsTo(eve.email).length === 1);
  // The sender records the mail as sent just after handing it to SMTP: a redelivery before that record
  // is the at-least-once case (sent again), so wait for it.
  await waitFor('the sent record', async () =>
    (await identity.store.readStream(mailConsentStream(eve.userId))).events.some(
      (event) => event.type === 'CampaignMailSent',
    ),
  );

  // The outbox's request delivered a second time, as a relay or consumer restart does.
  const redelivered = {
    kind: 'campaign' as const,
    userId: eve.userId,
    campaignId: campaignIdOf(campaign),
    ...campaign,
  };
  expect(await bed.mailSender(identity.store).send(redelivered)).toBe('skipped');
  // The same campaign run again (a second click, a rerun after a failure).
  expect(await runCampaign()).toMatchObject({
    state: 'succeeded',
    done: 0,
    result: 'Queued the mail for 0 users who agreed to news mails.',
  });
  await identity.mailRelay.kick();
  expect(bed.mailsTo(eve.email)).toHaveLength(1);
});
