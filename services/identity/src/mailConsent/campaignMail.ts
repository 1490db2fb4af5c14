import { aggregateStream, type EventStore, type MailMessage } from '@beatmatch/platform';
import { loadUser } from '../users/commands';
import { mailConsentDecider } from './businessLogic';
import { mailConsentStream, type MailConsent, type MailConsentEvent } from './consent';
import { unsubscribeLink } from './unsubscribeLinks';
import { runMailConsent } from './commands';

interface CampaignMailDeps {
  store: EventStore;
  secret: string;
  publicUrl: () => string;
  clock: () => Date;
}

/**
 * A campaign's mail to one user, with an unsubscribe link of its own below the text, and how to
 * record that it went out. None when the user withdrew after the campaign listed them, the account is
 * gone, the campaign never queued this mail, or it went out already (a redelivered request).
 */
export async function campaignMail(
  deps: CampaignMailDeps,
  request: { userId: string; campaignId: string; subject: string; body: string },
): Promise<{ mail: MailMessage; record: () => Promise<unknown> } | null> {
  const { state } = await aggregateStream<MailConsent, MailConsentEvent>(
    deps.store,
    mailConsentStream(request.userId),
    mailConsentDecider,
  );
  const { campaignId } = request;
  if (!state.agreed || !state.campaigns.includes(campaignId) || state.mailedCampaigns.includes(campaignId))
    return null;
  const user = await loadUser(deps.store, request.userId);
  if (user.status !== 'registered') return null;
  const link = await unsubscribeLink(deps.publicUrl(), deps.secret, request);
  return {
    mail: {
      to: user.email,
      subject: request.subject,
      text: `${request.body}\n\n--\nYou get this mail because you agreed to Beatmatch news. Unsubscribe: ${link}\n`,
    },
    record: () =>
      runMailConsent(deps, request.userId, { type: 'RecordCampaignMailSent', data: { campaignId } }),
  };
}
