import {
  IDENTITY_TOPIC,
  integrationEvent,
  type AccountVerifiedV1,
  type IdentityIntegrationEvent,
  type PasswordChangedV1,
  type SessionsRevokedV1,
  type SurveyAnsweredV1,
  type TrialOfferPresentedV1,
  type UserReferredV1,
  type UserRegisteredV1,
} from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';
import type { User, UserEvent } from '../users/user';
import { mailRequest } from '../mail/requests';

/**
 * Domain → integration: what other services may know about users. Password hashes, codes and
 * sessions never leave identity. Keyed by user id so one user's events stay in order on Kafka.
 */
export function toIntegrationEvents(events: UserEvent[], state: User): OutgoingMessage[] {
  if (state.status !== 'registered') return [];
  const { userId } = state;
  const out: IdentityIntegrationEvent[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'UserRegistered': {
        const { username, email, referralCode, registeredAt } = event.data;
        out.push(
          integrationEvent<UserRegisteredV1>(
            'identity.UserRegistered',
            1,
            { userId, username, email, referralCode, registeredAt },
            new Date(registeredAt),
          ),
        );
        if (referralCode) {
          out.push(
            integrationEvent<UserReferredV1>(
              'identity.UserReferred',
              1,
              { userId, referralCode, registeredAt },
              new Date(registeredAt),
            ),
          );
        }
        break;
      }
      case 'AccountVerified':
        out.push(
          integrationEvent<AccountVerifiedV1>(
            'identity.AccountVerified',
            1,
            { userId, verifiedAt: event.data.verifiedAt },
            new Date(event.data.verifiedAt),
          ),
        );
        break;
      case 'SurveyAnswered': {
        const { answer, answeredAt } = event.data;
        out.push(
          integrationEvent<SurveyAnsweredV1>(
            'identity.SurveyAnswered',
            1,
            { userId, answer, wantsToBuy: answer !== 'prod', wantsToSell: answer !== 'artist', answeredAt },
            new Date(answeredAt),
          ),
        );
        break;
      }
      case 'TrialOfferPresented':
        out.push(
          integrationEvent<TrialOfferPresentedV1>(
            'identity.TrialOfferPresented',
            1,
            { userId, ...event.data },
            new Date(event.data.presentedAt),
          ),
        );
        break;
      case 'UserLoggedOut':
        out.push(
          integrationEvent<SessionsRevokedV1>(
            'identity.SessionsRevoked',
            1,
            { userId, sessionId: event.data.sessionIdHash, revokedAt: event.data.loggedOutAt },
            new Date(event.data.loggedOutAt),
          ),
        );
        break;
      case 'PasswordReset':
        // A new password ends every session of the user.
        out.push(
          integrationEvent<SessionsRevokedV1>(
            'identity.SessionsRevoked',
            1,
            { userId, sessionId: null, revokedAt: event.data.resetAt },
            new Date(event.data.resetAt),
          ),
        );
        out.push(
          integrationEvent<PasswordChangedV1>(
            'identity.PasswordChanged',
            1,
            { userId, changedAt: event.data.resetAt },
            new Date(event.data.resetAt),
          ),
        );
        break;
      default:
        break;
    }
  }
  return out.map((event) => ({ key: userId, event }));
}

/** The mails these events call for, on identity's own mail topic (see mail/requests.ts). */
export function toMailRequests(events: UserEvent[], state: User): OutgoingMessage[] {
  if (state.status !== 'registered') return [];
  const { userId } = state;
  const out: OutgoingMessage[] = [];
  for (const event of events) {
    if (event.type === 'VerificationCodeIssued' && event.data.codeId) {
      const { codeId, codeHash, issuedAt } = event.data;
      out.push(
        mailRequest({ kind: 'verificationCode', userId, codeId, codeHash }, userId, new Date(issuedAt)),
      );
    }
    if (event.type === 'PasswordResetRequested') {
      const { tokenId, requestedAt } = event.data;
      out.push(mailRequest({ kind: 'passwordReset', userId, tokenId }, userId, new Date(requestedAt)));
    }
  }
  return out;
}

export const identityPublication = {
  topic: IDENTITY_TOPIC,
  map: (events: UserEvent[], state: User) => [
    ...toIntegrationEvents(events, state),
    ...toMailRequests(events, state),
  ],
};
