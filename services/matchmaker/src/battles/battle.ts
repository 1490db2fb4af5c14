import type { BattlePhase } from '@beatmatch/contracts';

/*
 * The beat battle aggregate (issue 26 item 3), one stream per battle (`battle:<battleId>`). Internal
 * to the matchmaker; the read model (readModel.ts) and the winner's mail (mail.ts) come from it.
 *
 *   open (entries and votes) ──submissions close──▶ voting (votes) ──voting closes / admin──▶ closed
 *                                                                          └──▶ winner announced
 */

export type BattleEntry = {
  entryId: string;
  producerId: string;
  producerName: string;
  /** Where the result is mailed: the producer's e-mail when they entered. */
  producerEmail: string;
  beatId: string;
  beatName: string;
};

/** One counted vote: the entry chosen over the other. */
export type BattleVote = {
  winnerEntryId: string;
  loserEntryId: string;
};

export type BattleOpened = {
  type: 'BattleOpened';
  data: {
    battleId: string;
    theme: string;
    rules: string;
    submissionsCloseAt: string;
    votingClosesAt: string;
    openedBy: string;
    openedAt: string;
  };
};
export type EntrySubmitted = { type: 'EntrySubmitted'; data: BattleEntry & { submittedAt: string } };
export type SubmissionsClosed = { type: 'SubmissionsClosed'; data: { closedAt: string } };
export type VoteCast = {
  type: 'VoteCast';
  data: BattleVote & { voterId: string; deviceId: string | null; castAt: string };
};
export type BattleClosed = {
  type: 'BattleClosed';
  /** closedBy: the admin's e-mail, or 'schedule' when voting ran out. */
  data: { closedAt: string; closedBy: string; winnerEntryId: string | null };
};
export type WinnerAnnounced = {
  type: 'WinnerAnnounced';
  data: { winnerEntryId: string | null; announcedAt: string };
};

export type BattleEvent =
  BattleOpened | EntrySubmitted | SubmissionsClosed | VoteCast | BattleClosed | WinnerAnnounced;

export interface ExistingBattle {
  status: BattlePhase;
  battleId: string;
  theme: string;
  rules: string;
  submissionsCloseAt: string;
  votingClosesAt: string;
  entries: BattleEntry[];
  votes: BattleVote[];
  /** Who has voted on which pair: `pair|user:<id>` and `pair|device:<id>` (a device or account votes once). */
  ballots: Set<string>;
  winnerEntryId: string | null;
  announced: boolean;
}
export type Battle = { status: 'none' } | ExistingBattle;

export const battleStream = (battleId: string) => `battle:${battleId}`;
export const initialState = (): Battle => ({ status: 'none' });

/** The same key for a pair whichever entry is heard first. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}+${b}` : `${b}+${a}`);

export const ballotKeys = (pair: string, voterId: string, deviceId: string | null) =>
  deviceId ? [`${pair}|user:${voterId}`, `${pair}|device:${deviceId}`] : [`${pair}|user:${voterId}`];

/**
 * The phase at `now`: what was recorded, moved on by the dates when the workflow has not yet recorded
 * it (a late worker never lets an entry or a vote in after its window).
 */
export function phaseAt(
  battle: Pick<ExistingBattle, 'status' | 'submissionsCloseAt' | 'votingClosesAt'>,
  now: Date,
): BattlePhase {
  if (battle.status === 'closed' || now >= new Date(battle.votingClosesAt)) return 'closed';
  if (battle.status === 'voting' || now >= new Date(battle.submissionsCloseAt)) return 'voting';
  return 'open';
}

function evolveExisting(state: ExistingBattle, event: BattleEvent): ExistingBattle {
  switch (event.type) {
    case 'EntrySubmitted': {
      const { submittedAt: _submittedAt, ...entry } = event.data;
      return { ...state, entries: [...state.entries, entry] };
    }
    case 'SubmissionsClosed':
      return { ...state, status: 'voting' };
    case 'VoteCast': {
      const { winnerEntryId, loserEntryId, voterId, deviceId } = event.data;
      const keys = ballotKeys(pairKey(winnerEntryId, loserEntryId), voterId, deviceId);
      return {
        ...state,
        votes: [...state.votes, { winnerEntryId, loserEntryId }],
        ballots: new Set([...state.ballots, ...keys]),
      };
    }
    case 'BattleClosed':
      return { ...state, status: 'closed', winnerEntryId: event.data.winnerEntryId };
    case 'WinnerAnnounced':
      return { ...state, announced: true };
    default:
      return state;
  }
}

export function evolve(state: Battle, event: BattleEvent): Battle {
  if (event.type === 'BattleOpened') {
    const { battleId, theme, rules, submissionsCloseAt, votingClosesAt } = event.data;
    return {
      status: 'open',
      battleId,
      theme,
      rules,
      submissionsCloseAt,
      votingClosesAt,
      entries: [],
      votes: [],
      ballots: new Set(),
      winnerEntryId: null,
      announced: false,
    };
  }
  return state.status === 'none' ? state : evolveExisting(state, event);
}
