import { z } from 'zod';
import { bytes, declareCall, type CallDeclaration } from './call';

/*
 * The maintenance page's jobs (producer-side spec §2, Hidden admin maintenance page; issue 26 item 2).
 * The spec shows neither payloads nor answers: every job has one shape. Starting it answers its job id
 * at once; the page then asks its owning service for the job's progress (done of total) until it ends
 * with its result line. A job runs in the background (a Temporal workflow where the service has one),
 * each item of it once, and resumes where it was when its worker dies.
 */

export const ADMIN_JOB_STATES = ['running', 'succeeded', 'failed'] as const;

export const adminJobStarted = z.object({ jobId: z.string() });

export const adminJobStatus = z.object({
  jobId: z.string(),
  /** The call that started it, e.g. fill_beat_tags. */
  job: z.string(),
  state: z.enum(ADMIN_JOB_STATES),
  /** Items handled so far, of `total` (0 of 0 while the job is still listing them). */
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  /** The result line once it ended (or why it failed); null while running. */
  result: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminJobStatus = z.infer<typeof adminJobStatus>;

const jobIdRequest = z.object({ jobId: z.uuid('No such job.') });

/** The answer to a job id the service does not know. */
export const NO_SUCH_JOB = 'No such job.';

type JobService = 'catalog' | 'identity';

/** An admin call that starts a job of `service` (POST, answers the job id). */
const startJob = <Request extends z.ZodType = z.ZodObject<Record<string, never>>>(
  service: JobService,
  path: string,
  summary: string,
  request?: Request,
) =>
  declareCall({
    service,
    path: `/admin/jobs/${path}`,
    method: 'post',
    summary: `Admin job: ${summary}`,
    access: 'admin',
    request: (request ?? z.object({})) as Request,
    answer: adminJobStarted,
  });

/** The progress call of a service's jobs. */
const jobProgress = (service: JobService) =>
  declareCall({
    service,
    path: '/admin/jobs/status',
    method: 'post',
    summary: `Admin: the progress (done of total) and result line of one of ${service}'s maintenance jobs`,
    access: 'admin',
    request: jobIdRequest,
    answer: adminJobStatus,
    readsOnly: true,
  });

/** The campaign mail of send_v3_email: plain text; the unsubscribe link is added below it. */
export const campaignMailRequest = z.object({
  subject: z.string().trim().min(1, 'Enter a subject.').max(200),
  body: z.string().trim().min(1, 'Enter the message.').max(20_000),
});

export const MAIL_CONSENT_MESSAGES = {
  /** The consent box at sign-up and the switch in account settings (unticked until the user ticks it). */
  agree: 'Email me Beatmatch news. You can unsubscribe at any time.',
  unsubscribed: 'You are unsubscribed: Beatmatch will not send you news mails any more.',
  linkUsed: 'This unsubscribe link has already been used.',
  linkInvalid: 'This unsubscribe link is not valid.',
} as const;

/** The columns of the e-mail CSV (emailCsv), in order. */
export const EMAIL_CSV_COLUMNS = ['email', 'username', 'agreedAt'] as const;

/** Which of the catalog's filter lists a genre filter row belongs to. */
export const GENRE_FILTER_KINDS = ['genre', 'subgenre', 'mood'] as const;
const genreFilter = z.object({
  kind: z.enum(GENRE_FILTER_KINDS),
  tag: z.string(),
  beats: z.number().int(),
});

const rankedProducer = z.object({
  rank: z.number().int(),
  producerId: z.string(),
  producerName: z.string(),
  score: z.number(),
  plays: z.number().int(),
  matches: z.number().int(),
  sales: z.number().int(),
});
const rankedBeat = rankedProducer.extend({ beatId: z.string(), beatName: z.string() });
export const rankingsAnswer = z.object({
  /** When Fill Rankings Table last ran; null before it ever did. */
  filledAt: z.string().nullable(),
  producers: z.array(rankedProducer),
  beats: z.array(rankedBeat),
});
export type Rankings = z.infer<typeof rankingsAnswer>;

const inactiveBeatsToggle = z.object({ remove: z.boolean() });

/** The catalog's maintenance calls. */
export const catalogAdminCalls = {
  catalog_admin_job: jobProgress('catalog'),
  fill_beat_tags: startJob('catalog', 'fill-beat-tags', "re-run DNA tagging over every beat's audio"),
  move_tracks_to_crate: startJob(
    'catalog',
    'move-to-active-crate',
    "move each producer's beats to the crate their plan allows (the newest within its cap active)",
  ),
  add_genres: startJob('catalog', 'genre-filters', 'rebuild the genre, subgenre and mood filter lists'),
  beatmatch_fill_rankings: startJob(
    'catalog',
    'rankings',
    'rank producers and beats by plays, matches, sales',
  ),
  removeInactiveBeats: declareCall({
    service: 'catalog',
    path: '/admin/inactive-beats',
    method: 'post',
    summary: "Admin: hide inactive-crate beats from producers' public stores (or show them again)",
    access: 'admin',
    request: inactiveBeatsToggle,
    answer: inactiveBeatsToggle,
  }),
  genre_filters: declareCall({
    service: 'catalog',
    path: '/genre-filters',
    method: 'get',
    summary: 'The genre, subgenre and mood filter lists (Set Genre Filters), with their beat counts',
    access: 'anonymous',
    answer: z.object({ filters: z.array(genreFilter) }),
  }),
  beatmatch_rankings: declareCall({
    service: 'catalog',
    path: '/rankings',
    method: 'get',
    summary: 'The producer and beat rankings (Fill Rankings Table): Pioneers and beat battles read them',
    access: 'anonymous',
    answer: rankingsAnswer,
  }),
} as const satisfies Record<string, CallDeclaration>;

/** identity's maintenance calls and the mail consent they depend on. */
export const identityAdminCalls = {
  identity_admin_job: jobProgress('identity'),
  send_v3_email: startJob(
    'identity',
    'campaign',
    'mail a campaign to every user who agreed to news mails',
    campaignMailRequest,
  ),
  fill_username_url: startJob('identity', 'store-slugs', 'store a unique, stable store address per producer'),
  emailCsv: declareCall({
    service: 'identity',
    path: '/admin/email-csv',
    method: 'get',
    summary: 'Admin: a CSV of the users who agreed to news mails (email, username, agreedAt)',
    access: 'admin',
    answer: bytes,
  }),
  mail_consent_get: declareCall({
    service: 'identity',
    path: '/mail-consent',
    method: 'post',
    summary: 'Whether the signed-in user agreed to news mails',
    access: 'user',
    answer: z.object({ agreed: z.boolean() }),
  }),
  mail_consent_set: declareCall({
    service: 'identity',
    path: '/mail-consent/set',
    method: 'post',
    summary: 'Agree to news mails, or withdraw',
    access: 'user',
    request: z.object({ agreed: z.boolean() }),
    answer: z.object({ agreed: z.boolean() }),
  }),
  mail_unsubscribe: declareCall({
    service: 'identity',
    path: '/mail-consent/unsubscribe',
    method: 'get',
    summary: "A campaign mail's unsubscribe link: withdraws the consent once per link, answers a short page",
    access: 'anonymous',
    // The signed, single-use token is the authority: the link is opened from a mail, with no session.
    request: z.object({ token: z.string().min(1, MAIL_CONSENT_MESSAGES.linkInvalid).max(2000) }),
    answer: bytes,
  }),
  store_slug: declareCall({
    service: 'identity',
    path: '/store-slug',
    method: 'get',
    summary: "A producer's store address (Fill username urls): their user id from the slug",
    access: 'anonymous',
    request: z.object({ slug: z.string().min(1).max(100) }),
    answer: z.object({ userId: z.string(), slug: z.string() }),
  }),
} as const satisfies Record<string, CallDeclaration>;
