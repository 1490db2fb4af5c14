import { handleCommand, type EventStore } from '@beatmatch/platform';
import { IDENTITY_MAIL_TOPIC, mailRequest } from '../mail/requests';
import { mailConsentDecider, type MailConsentCommand } from './businessLogic';
import { mailConsentStream, type MailConsentEvent } from './consent';

/** A queued campaign mail goes to identity's mail queue in the same transaction (at least once). */
const campaignMails = {
  topic: IDENTITY_MAIL_TOPIC,
  map: (events: MailConsentEvent[], _state: unknown, streamName: string) => {
    const userId = streamName.slice(streamName.indexOf(':') + 1);
    return events.flatMap((event) =>
      event.type === 'CampaignMailQueued'
        ? [
            mailRequest(
              {
                kind: 'campaign',
                userId,
                campaignId: event.data.campaignId,
                subject: event.data.subject,
                body: event.data.body,
              },
              userId,
              new Date(event.data.queuedAt),
            ),
          ]
        : [],
    );
  },
};

export type MailConsentCommandType = MailConsentCommand['type'];

/** Runs one command on a user's consent stream. */
export const runMailConsent = (
  deps: { store: EventStore; clock: () => Date },
  userId: string,
  command: Omit<MailConsentCommand, 'metadata'>,
) =>
  handleCommand(
    deps.store,
    mailConsentStream(userId),
    mailConsentDecider,
    { ...command, metadata: { now: deps.clock() } } as MailConsentCommand,
    { publish: campaignMails },
  );
