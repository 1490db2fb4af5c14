import {
  IDENTITY_TOPIC,
  integrationEvent,
  type AccountVerifiedV1,
  type GuestPurchasesClaimedV1,
  type IdentityIntegrationEvent,
  type PasswordChangedV1,
  type SessionsRevokedV1,
  type SurveyAnsweredV1,
  type TrialOfferPresentedV1,
  type UserReferredV1,
  type UserRegisteredV1,
} from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';
import type { User, UserEvent, UserRegistered, PasswordReset } from '../users/user';
import type { GuestEvent } from '../guests/guest';
import type { ContactEvent } from '../contact/contactMessage';
import {
  contactMailRequests,
  guestMailRequests,
  IDENTITY_MAIL_TOPIC,
  userMailRequests,
} from '../mail/requests';

/*
 * Domain → integration: what other services may know about users and guest buyers. Password hashes,
 * codes and sessions never leave identity. Keyed by user id so one user's events stay in order on
 * Kafka. The mails the same events call for go to identity's own mail topic (mail/requests.ts).
 */

function registration(userId: string, data: UserRegistered['data']): IdentityIntegrationEvent[] {
  const { username, email, referralCode, registeredAt } = data;
  const at = new Date(registeredAt);
  const registered = integrationEvent<UserRegisteredV1>(
    'identity.UserRegistered',
    1,
    { userId, username, email, referralCode, registeredAt },
    at,
  );
  if (!referralCode) return [registered];
  return [
    registered,
    integrationEvent<UserReferredV1>('identity.UserReferred', 1, { userId, referralCode, registeredAt }, at),
  ];
}

/** A new password ends every session of the user. */
function passwordChange(userId: string, data: PasswordReset['data']): IdentityIntegrationEvent[] {
  const at = new Date(data.resetAt);
  return [
    integrationEvent<SessionsRevokedV1>(
      'identity.SessionsRevoked',
      1,
      { userId, sessionId: null, revokedAt: data.resetAt },
      at,
    ),
    integrationEvent<PasswordChangedV1>(
      'identity.PasswordChanged',
      1,
      { userId, changedAt: data.resetAt },
      at,
    ),
  ];
}

function integrationEventsOf(userId: string, event: UserEvent): IdentityIntegrationEvent[] {
  switch (event.type) {
    case 'UserRegistered':
      return registration(userId, event.data);
    case 'AccountVerified': {
      const { verifiedAt } = event.data;
      return [
        integrationEvent<AccountVerifiedV1>(
          'identity.AccountVerified',
          1,
          { userId, verifiedAt },
          new Date(verifiedAt),
        ),
      ];
    }
    case 'SurveyAnswered': {
      const { answer, answeredAt } = event.data;
      const survey = {
        userId,
        answer,
        wantsToBuy: answer !== 'prod',
        wantsToSell: answer !== 'artist',
        answeredAt,
      };
      return [integrationEvent<SurveyAnsweredV1>('identity.SurveyAnswered', 1, survey, new Date(answeredAt))];
    }
    case 'TrialOfferPresented': {
      const offer = { userId, ...event.data };
      return [
        integrationEvent<TrialOfferPresentedV1>(
          'identity.TrialOfferPresented',
          1,
          offer,
          new Date(offer.presentedAt),
        ),
      ];
    }
    case 'UserLoggedOut': {
      const { sessionIdHash, loggedOutAt } = event.data;
      const revoked = { userId, sessionId: sessionIdHash, revokedAt: loggedOutAt };
      return [
        integrationEvent<SessionsRevokedV1>('identity.SessionsRevoked', 1, revoked, new Date(loggedOutAt)),
      ];
    }
    case 'PasswordReset':
      return passwordChange(userId, event.data);
    default:
      return [];
  }
}

export function toIntegrationEvents(events: UserEvent[], state: User): OutgoingMessage[] {
  if (state.status !== 'registered') return [];
  const { userId } = state;
  return events
    .flatMap((event) => integrationEventsOf(userId, event))
    .map((event) => ({ key: userId, event }));
}

/** Claims → identity.GuestPurchasesClaimed (commerce moves the purchases to the account). */
export function guestIntegrationEvents(events: GuestEvent[]): OutgoingMessage[] {
  return events.flatMap((event) => {
    if (event.type !== 'GuestPurchasesClaimed' || event.data.orderIds.length === 0) return [];
    const { userId, email, orderIds, claimedAt } = event.data;
    const claimed = integrationEvent<GuestPurchasesClaimedV1>(
      'identity.GuestPurchasesClaimed',
      1,
      { userId, email, orderIds, claimedAt },
      new Date(claimedAt),
    );
    return [{ key: userId, event: claimed }];
  });
}

export const identityPublication = {
  topic: IDENTITY_TOPIC,
  map: (events: UserEvent[], state: User) => [
    ...toIntegrationEvents(events, state),
    ...userMailRequests(events, state),
  ],
};

export const guestPublication = {
  topic: IDENTITY_TOPIC,
  // Event by event, so the outbox keeps the order the events happened in.
  map: (events: GuestEvent[]) =>
    events.flatMap((event) => [...guestIntegrationEvents([event]), ...guestMailRequests([event])]),
};

export const contactPublication = {
  topic: IDENTITY_MAIL_TOPIC,
  map: (events: ContactEvent[], _state: unknown, streamName: string) =>
    contactMailRequests(events, streamName),
};
