import { z } from 'zod';
import { bytes, declareCall } from './call';

/*
 * Beat battles (issue 26 item 3; artist-side spec §2 names the pages, producer-side §4 the mp3-only
 * upload with isBeatBattle). An admin opens a battle; producers enter one battle upload each while it
 * is open; signed-in listeners vote on two anonymous entries at a time; the leaderboard ranks the
 * entries by a Bradley–Terry rating of those votes; a Temporal workflow moves the battle from open to
 * voting to closed and mails the winner. The matchmaker owns them (listening and voting are its).
 */

export const BATTLE_PHASES = ['open', 'voting', 'closed'] as const;
export type BattlePhase = (typeof BATTLE_PHASES)[number];

export const BATTLE_LIMITS = {
  themeLength: 100,
  rulesLength: 2000,
  /** The longest a battle may run, from opening to the end of voting. */
  longestDays: 90,
} as const;

export const BATTLE_MESSAGES = {
  themeRequired: 'Please enter a theme for the battle.',
  datesOutOfOrder: 'Submissions must close after now, and voting after submissions close.',
  tooLong: `A battle can run for at most ${BATTLE_LIMITS.longestDays} days.`,
  notFound: 'This battle does not exist.',
  submissionsClosed: 'Submissions for this battle are closed.',
  alreadyEntered: 'You have already entered this battle.',
  uploadNotFound: 'We could not find this beat among your beat battle uploads.',
  uploadPending: 'Your beat is still being checked. It will be entered in a moment.',
  votingClosed: 'Voting for this battle has closed.',
  votingNotOpen: 'Voting has not started yet.',
  entryNotFound: 'This entry is not in the battle.',
  samePair: 'Choose between two different entries.',
  ownEntry: 'You cannot vote on a pair with your own entry.',
  alreadyVoted: 'You have already voted on this pair.',
  alreadyClosed: 'This battle is already closed.',
  voteCounted: 'Your vote has been counted.',
  noPairLeft: 'You have voted on every pair you can. Check the leaderboard!',
  tooFewEntries: 'Voting starts once two beats have been entered.',
} as const;

const uuid = z.string().uuid();
const isoInstant = z.string().datetime({ offset: true });

export const battleSummarySchema = z.object({
  battleId: z.string(),
  theme: z.string(),
  rules: z.string(),
  phase: z.enum(BATTLE_PHASES),
  openedAt: z.string(),
  submissionsCloseAt: z.string(),
  votingClosesAt: z.string(),
  closedAt: z.string().nullable(),
  entries: z.number().int().min(0),
  votes: z.number().int().min(0),
  /** The winning beat's name and producer, once the battle is closed (null: no votes were cast). */
  winner: z.object({ beatName: z.string(), producerName: z.string() }).nullable(),
});
export type BattleSummary = z.infer<typeof battleSummarySchema>;

export const openBattleRequestSchema = z.object({
  theme: z.string().max(BATTLE_LIMITS.themeLength),
  rules: z.string().max(BATTLE_LIMITS.rulesLength).default(''),
  submissionsCloseAt: isoInstant,
  votingClosesAt: isoInstant,
});
export const battleIdRequestSchema = z.object({ battleId: uuid });

export const battleListAnswerSchema = z.object({
  battles: z.array(
    battleSummarySchema.extend({
      /** The signed-in caller's entry in this battle, if any. */
      myEntry: z.object({ beatName: z.string() }).nullable(),
    }),
  ),
});

export const submitEntryRequestSchema = z.object({ battleId: uuid, beatId: uuid });
export const submitEntryAnswerSchema = z.object({ message: z.string(), beatName: z.string() });

const anonymousEntry = z.object({
  entryId: z.string(),
  /** The entry's MP3 (beat_battle_entry_audio), named by entry only: listeners never see whose it is. */
  audioUrl: z.string(),
});
export const battlePairAnswerSchema = z.object({
  pair: z.tuple([anonymousEntry, anonymousEntry]).nullable(),
  /** Why there is no pair: voting closed, too few entries, or every pair voted. */
  message: z.string().nullable(),
  votesCast: z.number().int().min(0),
});

export const battleVoteRequestSchema = z.object({
  battleId: uuid,
  winnerEntryId: uuid,
  loserEntryId: uuid,
});

export const battleAudioRequestSchema = z.object({ battleId: uuid, entryId: uuid });

export const leaderboardAnswerSchema = z.object({
  battle: battleSummarySchema,
  entries: z.array(
    z.object({
      rank: z.number().int().min(1),
      beatName: z.string(),
      producerName: z.string(),
      /** Bradley–Terry strength on the familiar Elo scale (1500: an average entry). */
      rating: z.number().int(),
      votes: z.number().int().min(0),
      wins: z.number().int().min(0),
    }),
  ),
});

/** The beat battles' calls (matchmaker). */
export const battleCalls = {
  beat_battle_open: declareCall({
    service: 'matchmaker',
    path: '/battles/open',
    method: 'post',
    summary: 'Open a beat battle (theme, rules, when submissions and voting close)',
    access: 'admin',
    request: openBattleRequestSchema,
    answer: battleSummarySchema,
  }),
  beat_battle_close: declareCall({
    service: 'matchmaker',
    path: '/battles/close',
    method: 'post',
    summary: 'Close a beat battle now: voting ends and the winner is announced by mail',
    access: 'admin',
    request: battleIdRequestSchema,
    answer: battleSummarySchema,
  }),
  beat_battle_list: declareCall({
    service: 'matchmaker',
    path: '/battles',
    method: 'get',
    summary: "The beat battles, newest first, with the signed-in caller's entry",
    access: 'anonymous',
    answer: battleListAnswerSchema,
  }),
  beat_battle_submit: declareCall({
    service: 'matchmaker',
    path: '/battles/submit',
    method: 'post',
    summary: "Enter one of the caller's beat battle uploads in an open battle (one per producer)",
    access: 'user',
    request: submitEntryRequestSchema,
    answer: submitEntryAnswerSchema,
  }),
  beat_battle_pair: declareCall({
    service: 'matchmaker',
    path: '/battles/pair',
    method: 'post',
    summary: 'Two anonymous entries the caller has not yet voted on (none of them their own)',
    access: 'user',
    request: battleIdRequestSchema,
    answer: battlePairAnswerSchema,
  }),
  beat_battle_vote: declareCall({
    service: 'matchmaker',
    path: '/battles/vote',
    method: 'post',
    summary: 'Vote for one entry of a pair (once per pair per account and device)',
    access: 'user',
    request: battleVoteRequestSchema,
    answer: z.object({ message: z.string() }),
  }),
  beat_battle_entry_audio: declareCall({
    service: 'matchmaker',
    path: '/battles/audio',
    method: 'get',
    summary: "An entry's MP3 for the battleground (Range requests)",
    access: 'user',
    request: battleAudioRequestSchema,
    media: true,
    answer: bytes,
  }),
  beat_battle_leaderboard: declareCall({
    service: 'matchmaker',
    path: '/battles/leaderboard',
    method: 'get',
    summary: "A battle's entries ranked by their Bradley–Terry rating, with their votes",
    access: 'anonymous',
    request: battleIdRequestSchema,
    answer: leaderboardAnswerSchema,
  }),
};
