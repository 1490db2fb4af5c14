import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import { evolveMailConsent, initialMailConsent, type MailConsent, type MailConsentEvent } from './consent';

type Metadata = { now: Date };
export type MailConsentCommand =
  | { type: 'SetConsent'; data: { agreed: boolean }; metadata: Metadata }
  | { type: 'Unsubscribe'; data: { linkId: string }; metadata: Metadata }
  | {
      type: 'QueueCampaignMail';
      data: { campaignId: string; subject: string; body: string };
      metadata: Metadata;
    }
  | { type: 'RecordCampaignMailSent'; data: { campaignId: string }; metadata: Metadata };

function setConsent(agreed: boolean, state: MailConsent, now: Date): MailConsentEvent[] {
  if (agreed === state.agreed) return [];
  return agreed
    ? [{ type: 'MailConsentGiven', data: { agreedAt: now.toISOString() } }]
    : [{ type: 'MailConsentWithdrawn', data: { withdrawnAt: now.toISOString(), linkId: null } }];
}

/** An unsubscribe link works once: a second use is refused, even after consenting again. */
function unsubscribe(linkId: string, state: MailConsent, now: Date): MailConsentEvent[] {
  if (state.spentLinks.includes(linkId))
    throw new DomainError('link_used', MAIL_CONSENT_MESSAGES.linkUsed, 410);
  return [{ type: 'MailConsentWithdrawn', data: { withdrawnAt: now.toISOString(), linkId } }];
}

/** One mail per campaign, and none to a user who has not agreed (or withdrew since the job listed them). */
function queueCampaignMail(
  campaign: { campaignId: string; subject: string; body: string },
  state: MailConsent,
  now: Date,
): MailConsentEvent[] {
  if (!state.agreed || state.campaigns.includes(campaign.campaignId)) return [];
  return [{ type: 'CampaignMailQueued', data: { ...campaign, queuedAt: now.toISOString() } }];
}

/** Recorded once: the sender checks it before sending, so a redelivered request mails nobody twice. */
function recordCampaignMailSent(campaignId: string, state: MailConsent, now: Date): MailConsentEvent[] {
  if (state.mailedCampaigns.includes(campaignId)) return [];
  return [{ type: 'CampaignMailSent', data: { campaignId, sentAt: now.toISOString() } }];
}

export function decideMailConsent(command: MailConsentCommand, state: MailConsent): MailConsentEvent[] {
  const { now } = command.metadata;
  switch (command.type) {
    case 'SetConsent':
      return setConsent(command.data.agreed, state, now);
    case 'Unsubscribe':
      return unsubscribe(command.data.linkId, state, now);
    case 'QueueCampaignMail':
      return queueCampaignMail(command.data, state, now);
    case 'RecordCampaignMailSent':
      return recordCampaignMailSent(command.data.campaignId, state, now);
    default: {
      const unexpected: never = command;
      throw new Error(`unknown command ${JSON.stringify(unexpected)}`);
    }
  }
}

export const mailConsentDecider: Decider<MailConsent, MailConsentCommand, MailConsentEvent> = {
  decide: decideMailConsent,
  evolve: evolveMailConsent,
  initialState: initialMailConsent,
};
