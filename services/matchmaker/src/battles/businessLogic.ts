import { BATTLE_LIMITS, BATTLE_MESSAGES as M } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import {
  ballotKeys,
  evolve,
  initialState,
  pairKey,
  phaseAt,
  type Battle,
  type BattleEntry,
  type BattleEvent,
  type ExistingBattle,
} from './battle';
import { winnerOf } from './rating';

type Metadata = { metadata: { now: Date } };
export type OpenBattle = {
  type: 'OpenBattle';
  data: {
    battleId: string;
    theme: string;
    rules: string;
    submissionsCloseAt: Date;
    votingClosesAt: Date;
    openedBy: string;
  };
} & Metadata;
export type SubmitEntry = { type: 'SubmitEntry'; data: BattleEntry } & Metadata;
export type CloseSubmissions = { type: 'CloseSubmissions' } & Metadata;
export type CastVote = {
  type: 'CastVote';
  data: { winnerEntryId: string; loserEntryId: string; voterId: string; deviceId: string | null };
} & Metadata;
export type CloseBattle = { type: 'CloseBattle'; data: { closedBy: string } } & Metadata;
export type AnnounceWinner = { type: 'AnnounceWinner' } & Metadata;
export type BattleCommand =
  OpenBattle | SubmitEntry | CloseSubmissions | CastVote | CloseBattle | AnnounceWinner;

const DAY_MS = 24 * 60 * 60 * 1000;

function existing(state: Battle): ExistingBattle {
  if (state.status === 'none') throw new DomainError('battle_not_found', M.notFound, 404);
  return state;
}

function openBattle({ data, metadata }: OpenBattle, state: Battle): BattleEvent[] {
  if (state.status !== 'none') return []; // the same open retried
  const theme = data.theme.trim();
  if (!theme) throw new DomainError('theme_required', M.themeRequired);
  if (data.submissionsCloseAt <= metadata.now || data.votingClosesAt <= data.submissionsCloseAt)
    throw new DomainError('dates_out_of_order', M.datesOutOfOrder);
  if (data.votingClosesAt.getTime() - metadata.now.getTime() > BATTLE_LIMITS.longestDays * DAY_MS)
    throw new DomainError('battle_too_long', M.tooLong);
  const { battleId, rules, openedBy } = data;
  return [
    {
      type: 'BattleOpened',
      data: {
        battleId,
        theme,
        rules: rules.trim(),
        submissionsCloseAt: data.submissionsCloseAt.toISOString(),
        votingClosesAt: data.votingClosesAt.toISOString(),
        openedBy,
        openedAt: metadata.now.toISOString(),
      },
    },
  ];
}

/** One entry per producer, only while submissions are open. */
function submitEntry({ data, metadata }: SubmitEntry, state: Battle): BattleEvent[] {
  const battle = existing(state);
  const mine = battle.entries.find((entry) => entry.producerId === data.producerId);
  if (mine?.beatId === data.beatId) return []; // the same entry sent again
  if (phaseAt(battle, metadata.now) !== 'open')
    throw new DomainError('submissions_closed', M.submissionsClosed, 409);
  if (mine) throw new DomainError('already_entered', M.alreadyEntered, 409);
  return [{ type: 'EntrySubmitted', data: { ...data, submittedAt: metadata.now.toISOString() } }];
}

function closeSubmissions({ metadata }: CloseSubmissions, state: Battle): BattleEvent[] {
  const battle = existing(state);
  if (battle.status !== 'open') return [];
  return [{ type: 'SubmissionsClosed', data: { closedAt: metadata.now.toISOString() } }];
}

/** A vote counts once per pair for an account and for a device, never on a pair with one's own entry. */
function castVote({ data, metadata }: CastVote, state: Battle): BattleEvent[] {
  const battle = existing(state);
  if (phaseAt(battle, metadata.now) === 'closed') throw new DomainError('voting_closed', M.votingClosed, 409);
  if (data.winnerEntryId === data.loserEntryId) throw new DomainError('same_entry', M.samePair);
  const pair = [data.winnerEntryId, data.loserEntryId].map((id) =>
    battle.entries.find((entry) => entry.entryId === id),
  );
  if (pair.some((entry) => !entry)) throw new DomainError('entry_not_found', M.entryNotFound, 404);
  if (pair.some((entry) => entry!.producerId === data.voterId))
    throw new DomainError('own_entry', M.ownEntry, 403);
  const keys = ballotKeys(pairKey(data.winnerEntryId, data.loserEntryId), data.voterId, data.deviceId);
  if (keys.some((key) => battle.ballots.has(key)))
    throw new DomainError('already_voted', M.alreadyVoted, 409);
  return [{ type: 'VoteCast', data: { ...data, castAt: metadata.now.toISOString() } }];
}

/** Closing fixes the winner from the votes counted so far; closing again changes nothing. */
function closeBattle({ data, metadata }: CloseBattle, state: Battle): BattleEvent[] {
  const battle = existing(state);
  if (battle.status === 'closed') return [];
  const entryIds = battle.entries.map((entry) => entry.entryId);
  return [
    {
      type: 'BattleClosed',
      data: {
        closedAt: metadata.now.toISOString(),
        closedBy: data.closedBy,
        winnerEntryId: winnerOf(entryIds, battle.votes),
      },
    },
  ];
}

function announceWinner({ metadata }: AnnounceWinner, state: Battle): BattleEvent[] {
  const battle = existing(state);
  if (battle.status !== 'closed' || battle.announced) return [];
  return [
    {
      type: 'WinnerAnnounced',
      data: { winnerEntryId: battle.winnerEntryId, announcedAt: metadata.now.toISOString() },
    },
  ];
}

export function decide(command: BattleCommand, state: Battle): BattleEvent[] {
  switch (command.type) {
    case 'OpenBattle':
      return openBattle(command, state);
    case 'SubmitEntry':
      return submitEntry(command, state);
    case 'CloseSubmissions':
      return closeSubmissions(command, state);
    case 'CastVote':
      return castVote(command, state);
    case 'CloseBattle':
      return closeBattle(command, state);
    case 'AnnounceWinner':
      return announceWinner(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown battle command ${JSON.stringify(unknown)}`);
    }
  }
}

export const battleDecider: Decider<Battle, BattleCommand, BattleEvent> = { decide, evolve, initialState };
