import { createHash } from 'node:crypto';
import { defineAdminJob, type EventStore, type SqlDatabase } from '@beatmatch/platform';
import { runMailConsent } from '../mailConsent/commands';
import { consentingUsers } from '../mailConsent/readModel';

interface Campaign {
  subject: string;
  body: string;
}

/**
 * A campaign is its text: sending the same subject and text again (a rerun after a failure, a second
 * click) is the same campaign, and reaches nobody who already had it.
 */
export const campaignIdOf = (campaign: Campaign) =>
  `campaign-${createHash('sha256')
    .update(JSON.stringify([campaign.subject, campaign.body]))
    .digest('hex')
    .slice(0, 32)}`;

/**
 * send_v3_email: a campaign mail to every user who agreed to news mails when it started. Each user's
 * mail is queued on their consent stream (once per campaign) with its outbox request, so a resumed or
 * rerun job queues nobody twice, and someone who withdrew meanwhile gets nothing; the sender records
 * each mail sent, so a redelivered request mails nobody twice either.
 */
export const sendCampaign = (deps: {
  db: SqlDatabase;
  schema: string;
  store: EventStore;
  clock: () => Date;
}) =>
  defineAdminJob<Campaign>({
    name: 'send_v3_email',
    items: async (input) =>
      (await consentingUsers(deps.db, deps.schema, { campaignId: campaignIdOf(input) })).map(
        (user) => user.userId,
      ),
    async handle(userId, { input }) {
      await runMailConsent(deps, userId, {
        type: 'QueueCampaignMail',
        data: { campaignId: campaignIdOf(input), subject: input.subject, body: input.body },
      });
    },
    async result({ done }) {
      return `Queued the mail for ${done} user${done === 1 ? '' : 's'} who agreed to news mails.`;
    },
  });
