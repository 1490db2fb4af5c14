import { NOT_AUTHENTICATED_MESSAGE } from './http';
import { z } from 'zod';
import type { IntegrationEvent } from './envelope';
import { roleSchema } from './api/adminRoles';

/*
 * Identity's public API (artist-side spec §4, §7) and integration events. Password and username
 * rules are not in the spec; decided: passwords 8–128 characters, usernames 3–30 letters, digits,
 * '_', '.', '-'.
 */

/** "X is required." when absent, "X must be text." when present but not a string (e.g. a number). */
const required = (field: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${field} is required.` : `${field} must be text.`;

const email = z
  .string({ error: required('Email') })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Please enter a valid email.' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: required('Password') })
  .min(1, 'Password is required.')
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

const username = z
  .string({ error: required('Username') })
  .trim()
  .min(1, 'Username is required.')
  .min(3, 'Username must be at least 3 characters.')
  .max(30, 'Username must be at most 30 characters.')
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may only contain letters, digits, '_', '.' and '-'.");

const deviceUuid = z.string().trim().max(64, 'Invalid device id.').optional();

// The spec: the survey "asks whether the user wants to buy, sell or both"; the API's values are
// artist (buy), prod (sell) and both, so the message names those.
export const surveyAnswerSchema = z.enum(['artist', 'prod', 'both'], {
  error: "Please choose 'artist' (buy), 'prod' (sell) or 'both'.",
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

export const signupRequestSchema = z.object({
  username,
  email,
  password,
  ref: z.string().trim().max(64, 'Invalid referral code.').optional().nullable(),
  signedIn: z.boolean().optional(),
  /** The sign-up form's news-mail box (unticked unless the user ticks it); absent: not agreed. */
  agreedToMail: z.boolean().optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  // At login the length rules do not apply: a wrong password gets the one generic message.
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(1024, 'Password is too long.'),
  uuid: deviceUuid.nullable(),
  auth_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is six digits.')
    .optional()
    .nullable(),
  producerArtistSurvey: surveyAnswerSchema.optional().nullable(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseValues = ['success', 'authenticate', 'survey', 'prodSubs', 'artistSubs'] as const;
export type LoginResponseValue = (typeof loginResponseValues)[number];
/** beatmatch_login's answer: the step the client shows next, the username once known, referred or not. */
export const loginAnswerSchema = z.object({
  response: z.enum(loginResponseValues),
  /** The username once the account is registered (empty before). */
  data: z.string(),
  isReferral: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginAnswerSchema>;

/** What sign-up and the contact form answer when they took the request. */
export const successAnswerSchema = z.object({ response: z.literal('success') });

export const resendCodeRequestSchema = loginRequestSchema.pick({ email: true, password: true, uuid: true });

export const forgotPasswordRequestSchema = z.object({ email });

export const jwtAuthenticateRequestSchema = z.object({
  jwt: z.string({ error: 'expired' }).min(1, 'expired').max(4096, 'invalid'),
});

export const resetPasswordRequestSchema = z.object({
  username: z.string().trim().max(30).optional().nullable(),
  password,
  jwt: z.string({ error: 'expired' }).min(1, 'expired').max(4096, 'invalid'),
});

/** beatmatch_jwt_authenticate: the link is live; `setup` marks a guest buyer's account set-up link. */
export const jwtAuthenticateAnswerSchema = successAnswerSchema.extend({
  username: z.string(),
  setup: z.literal(true).optional(),
});

/** beatmatch_auth: the signed-in user. */
export const authAnswerSchema = z.object({
  userName: z.string(),
  profilePicture: z.string().nullable(),
  userId: z.string(),
  email: z.string(),
  /** The roles the gateway vouches for (issue 26): the shell shows the admin entry only with 'admin'. */
  roles: z.array(roleSchema).optional(),
});
export type AuthResponse = z.infer<typeof authAnswerSchema>;

/** beatmatch_exclude: the new device id (also handed to the gateway in a header for the cookie). */
export const deviceAnswerSchema = z.object({ uuid: z.uuid() });

/** get_whitepaper: the configured link to the $BEAT whitepaper; null while none is configured. */
export const whitepaperAnswerSchema = z.object({ url: z.url().nullable() });

/** Messages users see (spec §8 where it has them, otherwise decided here). */
export const identityMessages = {
  forgotPassword: 'An email has been sent if there is an email associated with an account.',
  resent: 'Email has been resent to you with your new code',
  wrongCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is taken.',
  invalidCode: 'Invalid code.',
  codeExpired: 'This code has expired. Please request a new one.',
  notAuthenticated: NOT_AUTHENTICATED_MESSAGE,
  passwordReset: 'Your password has been reset.',
  /** A guest buyer set a password from the account set-up link. */
  guestAccountSetUp: 'Your Beatmatch account is set up. Log in to find your purchase in Purchases.',
  /** The set-up link of an e-mail that has an account by now (the purchase went to that account). */
  guestAccountExists: 'This email already has an account. Log in: your purchase is in your Purchases.',
  expired: 'expired',
  invalid: 'invalid',
  loggedOut: 'You have been logged out.',
} as const;

// Integration events published by identity (topic `identity`).
export const IDENTITY_TOPIC = 'identity';

export type UserRegisteredV1 = IntegrationEvent<
  'identity.UserRegistered',
  { userId: string; username: string; email: string; referralCode: string | null; registeredAt: string }
>;
export type UserReferredV1 = IntegrationEvent<
  'identity.UserReferred',
  { userId: string; referralCode: string; registeredAt: string }
>;
export type AccountVerifiedV1 = IntegrationEvent<
  'identity.AccountVerified',
  { userId: string; verifiedAt: string }
>;
export type SurveyAnsweredV1 = IntegrationEvent<
  'identity.SurveyAnswered',
  { userId: string; answer: SurveyAnswer; wantsToBuy: boolean; wantsToSell: boolean; answeredAt: string }
>;
/**
 * Identity shows the free-trial offer once after the survey; commerce (a later issue) owns trials and
 * subscriptions and will subscribe to this to know which offer the user saw.
 */
export type TrialOfferPresentedV1 = IntegrationEvent<
  'identity.TrialOfferPresented',
  {
    userId: string;
    family: 'producer' | 'artist';
    variant: 'trial' | 'ambassador';
    trialDays: 7 | 14;
    presentedAt: string;
  }
>;
export type PasswordChangedV1 = IntegrationEvent<
  'identity.PasswordChanged',
  { userId: string; changedAt: string }
>;

/**
 * Sessions ended (logout: one session; password reset: every session of the user, `sessionId` null).
 * Every gateway replica drops its cached answer for them at once. `sessionId` is the session's hash,
 * the id the gateway forwards as `caller.sessionId` (never the cookie value).
 */
export type SessionsRevokedV1 = IntegrationEvent<
  'identity.SessionsRevoked',
  { userId: string; sessionId: string | null; revokedAt: string }
>;
export const sessionsRevokedV1Payload = z.object({
  userId: z.string().min(1),
  sessionId: z.string().min(1).nullable(),
  revokedAt: z.string(),
});

export type GuestPurchasesClaimedV1 = IntegrationEvent<
  'identity.GuestPurchasesClaimed',
  { userId: string; email: string; orderIds: string[]; claimedAt: string }
>;
export type IdentityIntegrationEvent =
  | GuestPurchasesClaimedV1
  | SessionsRevokedV1
  | UserRegisteredV1
  | UserReferredV1
  | AccountVerifiedV1
  | SurveyAnsweredV1
  | TrialOfferPresentedV1
  | PasswordChangedV1;
