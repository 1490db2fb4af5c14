import { z } from 'zod';
import { integrationEventEnvelopeSchema, type IntegrationEvent } from './envelope';
import { contract, instant, type EventContract } from './contract';
import { catalogEventContracts } from './catalog';
import { commerceEventContracts } from './commerce';
import { TRIAL_DAYS } from './plans';
import { matchmakerEventContracts } from './matchmaker';
import { referralsEventContracts } from './referrals';
import { mySoundEventContracts } from './mySound';
import { subscriptionPaymentContracts } from './subscriptionPayments';
import type {
  AccountVerifiedV1,
  GuestPurchasesClaimedV1,
  PasswordChangedV1,
  SessionsRevokedV1,
  SurveyAnsweredV1,
  TrialOfferPresentedV1,
  UserReferredV1,
  UserRegisteredV1,
} from './identity';

/**
 * Integration-event contracts: for each type and version, the zod schema of its payload. Consumers
 * decode what arrives on the bus with `decodeIntegrationEvent` (one decoder, by type + version) and
 * get a typed event or a reason to refuse it; publishers' TypeScript types are checked against the
 * schemas below (`Matches`), so the two cannot drift apart. Contracts of the catalog, commerce and
 * matchmaker live beside their services' names (catalog.ts, commerce.ts, matchmaker.ts) and are
 * listed here once.
 */
export const userRegisteredV1 = contract(
  'identity.UserRegistered',
  1,
  z.object({
    userId: z.string().min(1),
    username: z.string(),
    email: z.string(),
    referralCode: z.string().nullable(),
    registeredAt: instant,
  }),
);
export const userReferredV1 = contract(
  'identity.UserReferred',
  1,
  z.object({ userId: z.string().min(1), referralCode: z.string().min(1), registeredAt: instant }),
);
export const accountVerifiedV1 = contract(
  'identity.AccountVerified',
  1,
  z.object({ userId: z.string().min(1), verifiedAt: instant }),
);
export const surveyAnsweredV1 = contract(
  'identity.SurveyAnswered',
  1,
  z.object({
    userId: z.string().min(1),
    answer: z.enum(['artist', 'prod', 'both']),
    wantsToBuy: z.boolean(),
    wantsToSell: z.boolean(),
    answeredAt: instant,
  }),
);
export const trialOfferPresentedV1 = contract(
  'identity.TrialOfferPresented',
  1,
  z.object({
    userId: z.string().min(1),
    family: z.enum(['producer', 'artist']),
    variant: z.enum(['trial', 'ambassador']),
    trialDays: z.union([z.literal(TRIAL_DAYS.week), z.literal(TRIAL_DAYS.ambassador)]),
    presentedAt: instant,
  }),
);
export const passwordChangedV1 = contract(
  'identity.PasswordChanged',
  1,
  z.object({ userId: z.string().min(1), changedAt: instant }),
);

export const sessionsRevokedV1 = contract(
  'identity.SessionsRevoked',
  1,
  z.object({ userId: z.string().min(1), sessionId: z.string().min(1).nullable(), revokedAt: z.string() }),
);

/**
 * The e-mail's owner took a guest's purchases: the account `userId` (new, set up from the link identity
 * mailed, or one that already had the e-mail) now owns the purchases of `orderIds`. Commerce moves them
 * to the user. Once per claim; a replay changes nothing.
 */
export const guestPurchasesClaimedV1 = contract(
  'identity.GuestPurchasesClaimed',
  1,
  z.object({
    userId: z.string().min(1),
    email: z.string().min(3),
    orderIds: z.array(z.string().min(1)).min(1),
    claimedAt: instant,
  }),
);

/** Every integration-event contract; a new event or version is one entry here. */
export const integrationEventContracts = [
  userRegisteredV1,
  userReferredV1,
  accountVerifiedV1,
  surveyAnsweredV1,
  trialOfferPresentedV1,
  passwordChangedV1,
  sessionsRevokedV1,
  guestPurchasesClaimedV1,
  ...catalogEventContracts,
  ...mySoundEventContracts,
  ...commerceEventContracts,
  ...subscriptionPaymentContracts,
  ...matchmakerEventContracts,
  ...referralsEventContracts,
] as const;

/** The typed event a contract describes. */
export type EventOf<C extends EventContract> =
  C extends EventContract<infer T, infer P> ? IntegrationEvent<T, P> & { version: number } : never;

// Publishers' types (identity.ts) and the schemas describe the same payloads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Matches<C extends EventContract, E extends IntegrationEvent> = Same<EventOf<C>['payload'], E['payload']>;
const payloadsMatch: [
  Matches<typeof userRegisteredV1, UserRegisteredV1>,
  Matches<typeof userReferredV1, UserReferredV1>,
  Matches<typeof accountVerifiedV1, AccountVerifiedV1>,
  Matches<typeof surveyAnsweredV1, SurveyAnsweredV1>,
  Matches<typeof trialOfferPresentedV1, TrialOfferPresentedV1>,
  Matches<typeof passwordChangedV1, PasswordChangedV1>,
  Matches<typeof sessionsRevokedV1, SessionsRevokedV1>,
  Matches<typeof guestPurchasesClaimedV1, GuestPurchasesClaimedV1>,
] = [true, true, true, true, true, true, true, true];
void payloadsMatch;

const key = (type: string, version: number) => `${type}@${version}`;
const byKey = new Map<string, EventContract>(
  integrationEventContracts.map((c) => [key(c.type, c.version), c as EventContract]),
);

export type DecodeResult =
  | { ok: true; event: IntegrationEvent; contract: EventContract }
  | { ok: false; reason: 'malformed' | 'unknown' | 'invalid'; message: string };

/**
 * The one decoder: checks the envelope, finds the contract by type + version and parses the payload.
 * `unknown` = no contract for that type/version (a newer publisher); `invalid` = the payload breaks it.
 */
export function decodeIntegrationEvent(raw: unknown): DecodeResult {
  const envelope = integrationEventEnvelopeSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: 'malformed', message: envelope.error.message };
  const { type, version } = envelope.data;
  const found = byKey.get(key(type, version));
  if (!found) return { ok: false, reason: 'unknown', message: `no contract for ${type} v${version}` };
  const payload = found.payload.safeParse(envelope.data.payload);
  if (!payload.success)
    return { ok: false, reason: 'invalid', message: `${type} v${version}: ${payload.error.message}` };
  return { ok: true, event: { ...envelope.data, payload: payload.data }, contract: found };
}
