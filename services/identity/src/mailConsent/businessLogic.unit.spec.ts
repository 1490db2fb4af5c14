import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { decideMailConsent, mailConsentDecider, type MailConsentCommand } from './businessLogic';
import type { MailConsentEvent } from './consent';

const now = new Date('2026-11-20T12:00:00Z');
const at = now.toISOString();
const given = (events: MailConsentEvent[]) =>
  events.reduce(mailConsentDecider.evolve, mailConsentDecider.initialState());
const when = (command: Omit<MailConsentCommand, 'metadata'>, history: MailConsentEvent[] = []) =>
  decideMailConsent({ ...command, metadata: { now } } as MailConsentCommand, given(history));

const agreed: MailConsentEvent = { type: 'MailConsentGiven', data: { agreedAt: at } };
const campaign = { campaignId: 'c-1', subject: 'V3', body: 'V3 is here.' };

it('queues one mail per campaign, and none to a user who has not agreed', () => {
  expect(when({ type: 'QueueCampaignMail', data: campaign })).toEqual([]);
  const queued = when({ type: 'QueueCampaignMail', data: campaign }, [agreed]);
  expect(queued).toEqual([{ type: 'CampaignMailQueued', data: { ...campaign, queuedAt: at } }]);
  expect(when({ type: 'QueueCampaignMail', data: campaign }, [agreed, ...queued])).toEqual([]);
});

it('spends an unsubscribe link: a second use is refused even after agreeing again', () => {
  const used = when({ type: 'Unsubscribe', data: { linkId: 'c-1' } }, [agreed]);
  expect(used).toEqual([{ type: 'MailConsentWithdrawn', data: { withdrawnAt: at, linkId: 'c-1' } }]);
  expect(() => when({ type: 'Unsubscribe', data: { linkId: 'c-1' } }, [agreed, ...used, agreed])).toThrow(
    MAIL_CONSENT_MESSAGES.linkUsed,
  );
});

it('records a change of consent only when it changes', () => {
  expect(when({ type: 'SetConsent', data: { agreed: true } }, [agreed])).toEqual([]);
  expect(when({ type: 'SetConsent', data: { agreed: false } })).toEqual([]);
  expect(when({ type: 'SetConsent', data: { agreed: false } }, [agreed])).toEqual([
    { type: 'MailConsentWithdrawn', data: { withdrawnAt: at, linkId: null } },
  ]);
});

it('records a campaign mail as sent once', () => {
  const queued: MailConsentEvent = { type: 'CampaignMailQueued', data: { ...campaign, queuedAt: at } };
  const sent = when({ type: 'RecordCampaignMailSent', data: { campaignId: 'c-1' } }, [agreed, queued]);
  expect(sent).toEqual([{ type: 'CampaignMailSent', data: { campaignId: 'c-1', sentAt: at } }]);
  expect(given([agreed, queued, ...sent]).mailedCampaigns).toEqual(['c-1']);
  expect(
    when({ type: 'RecordCampaignMailSent', data: { campaignId: 'c-1' } }, [agreed, queued, ...sent]),
  ).toEqual([]);
});
