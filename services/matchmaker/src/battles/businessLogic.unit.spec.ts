import { BATTLE_MESSAGES } from '@beatmatch/contracts';
import { decisionOf } from '@beatmatch/testing';
import { battleDecider, type BattleCommand } from './businessLogic';
import type { BattleEntry, BattleEvent } from './battle';

const decide = decisionOf(battleDecider);
/** given(history).when(command).then(events) / .thenThrows(message): one rule in one line. */
const given = (history: BattleEvent[]) => ({
  when: (command: BattleCommand) => ({
    then: (events: BattleEvent[]) => expect(decide(history, command)).toEqual(events),
    thenThrows: (message: string) => expect(() => decide(history, command)).toThrow(message),
  }),
});
const opened = new Date('2026-11-01T12:00:00Z');
const hours = (n: number) => new Date(opened.getTime() + n * 3_600_000);
const at = (n: number) => ({ now: hours(n) });

const battleOpened: BattleEvent = {
  type: 'BattleOpened',
  data: {
    battleId: 'b1',
    theme: 'Lo-fi nights',
    rules: '',
    submissionsCloseAt: hours(24).toISOString(),
    votingClosesAt: hours(48).toISOString(),
    openedBy: 'admin@example.com',
    openedAt: opened.toISOString(),
  },
};
const entry = (n: number): BattleEntry => ({
  entryId: `e${n}`,
  producerId: `p${n}`,
  producerName: `Producer ${n}`,
  producerEmail: `p${n}@example.com`,
  beatId: `beat${n}`,
  beatName: `Beat ${n}`,
});
const entered = (n: number): BattleEvent => ({
  type: 'EntrySubmitted',
  data: { ...entry(n), submittedAt: hours(1).toISOString() },
});
const submit = (data: BattleEntry, hour = 2): BattleCommand => ({
  type: 'SubmitEntry',
  data,
  metadata: at(hour),
});
const vote = (
  winner: number,
  loser: number,
  voterId: string,
  deviceId: string | null,
  hour = 30,
): BattleCommand => ({
  type: 'CastVote',
  data: { winnerEntryId: `e${winner}`, loserEntryId: `e${loser}`, voterId, deviceId },
  metadata: at(hour),
});
const voted = (winner: number, loser: number, voterId: string, deviceId: string | null): BattleEvent => ({
  type: 'VoteCast',
  data: {
    winnerEntryId: `e${winner}`,
    loserEntryId: `e${loser}`,
    voterId,
    deviceId,
    castAt: hours(30).toISOString(),
  },
});

describe('opening a battle', () => {
  const open = (submissionsCloseAt: Date, votingClosesAt: Date, theme = 'Lo-fi nights'): BattleCommand => ({
    type: 'OpenBattle',
    data: {
      battleId: 'b1',
      theme,
      rules: '',
      submissionsCloseAt,
      votingClosesAt,
      openedBy: 'admin@example.com',
    },
    metadata: { now: opened },
  });

  it('records the theme and both closing dates', () =>
    given([])
      .when(open(hours(24), hours(48)))
      .then([battleOpened]));

  it('refuses dates in the wrong order, a blank theme and a battle longer than 90 days', () => {
    given([])
      .when(open(hours(-1), hours(48)))
      .thenThrows(BATTLE_MESSAGES.datesOutOfOrder);
    given([])
      .when(open(hours(24), hours(24)))
      .thenThrows(BATTLE_MESSAGES.datesOutOfOrder);
    given([])
      .when(open(hours(24), hours(48), '  '))
      .thenThrows(BATTLE_MESSAGES.themeRequired);
    given([])
      .when(open(hours(24), hours(91 * 24)))
      .thenThrows(BATTLE_MESSAGES.tooLong);
  });
});

describe('submissions', () => {
  it('takes one entry per producer while the battle is open', () =>
    given([battleOpened])
      .when(submit(entry(1)))
      .then([{ type: 'EntrySubmitted', data: { ...entry(1), submittedAt: hours(2).toISOString() } }]));

  it('refuses a second entry of the same producer, and ignores the same entry sent again', () => {
    given([battleOpened, entered(1)])
      .when(submit({ ...entry(1), entryId: 'e9', beatId: 'another' }))
      .thenThrows(BATTLE_MESSAGES.alreadyEntered);
    expect(decide([battleOpened, entered(1)], submit({ ...entry(1), entryId: 'e9' }))).toEqual([]);
  });

  it('refuses entries once submissions have closed, by date or by the workflow', () => {
    given([battleOpened])
      .when(submit(entry(1), 24))
      .thenThrows(BATTLE_MESSAGES.submissionsClosed);
    given([battleOpened, { type: 'SubmissionsClosed', data: { closedAt: hours(3).toISOString() } }])
      .when(submit(entry(1), 4))
      .thenThrows(BATTLE_MESSAGES.submissionsClosed);
  });

  it('refuses an entry to a battle that does not exist', () =>
    given([])
      .when(submit(entry(1)))
      .thenThrows(BATTLE_MESSAGES.notFound));
});

describe('votes', () => {
  const withEntries = [battleOpened, entered(1), entered(2), entered(3)];

  it('counts a listener’s vote on a pair', () =>
    given(withEntries)
      .when(vote(1, 2, 'listener', 'device-a'))
      .then([voted(1, 2, 'listener', 'device-a')]));

  it('refuses a second vote on the same pair, whichever way round, from the account or the device', () => {
    const history = [...withEntries, voted(1, 2, 'listener', 'device-a')];
    given(history)
      .when(vote(2, 1, 'listener', 'device-b'))
      .thenThrows(BATTLE_MESSAGES.alreadyVoted);
    given(history)
      .when(vote(2, 1, 'other-account', 'device-a'))
      .thenThrows(BATTLE_MESSAGES.alreadyVoted);
    given(history)
      .when(vote(1, 3, 'listener', 'device-a'))
      .then([voted(1, 3, 'listener', 'device-a')]);
  });

  it('refuses a vote on a pair with the voter’s own entry', () =>
    given(withEntries)
      .when(vote(2, 1, 'p1', null))
      .thenThrows(BATTLE_MESSAGES.ownEntry));

  it('refuses votes after the battle closed, by date or by an admin', () => {
    given(withEntries)
      .when(vote(1, 2, 'listener', null, 48))
      .thenThrows(BATTLE_MESSAGES.votingClosed);
    const closed: BattleEvent = {
      type: 'BattleClosed',
      data: { closedAt: hours(29).toISOString(), closedBy: 'admin@example.com', winnerEntryId: null },
    };
    given([...withEntries, closed])
      .when(vote(1, 2, 'listener', null))
      .thenThrows(BATTLE_MESSAGES.votingClosed);
  });

  it('refuses an entry chosen against itself and entries not in the battle', () => {
    given(withEntries)
      .when(vote(1, 1, 'listener', null))
      .thenThrows(BATTLE_MESSAGES.samePair);
    given(withEntries)
      .when(vote(1, 7, 'listener', null))
      .thenThrows(BATTLE_MESSAGES.entryNotFound);
  });
});

describe('closing and announcing', () => {
  const close: BattleCommand = { type: 'CloseBattle', data: { closedBy: 'schedule' }, metadata: at(48) };
  const announce: BattleCommand = { type: 'AnnounceWinner', metadata: at(48) };
  const votes = [voted(2, 1, 'a', null), voted(2, 3, 'b', null), voted(1, 3, 'c', null)];

  it('fixes the best-rated entry as the winner, once', () => {
    const [closed] = decide([battleOpened, entered(1), entered(2), entered(3), ...votes], close);
    expect(closed).toMatchObject({
      type: 'BattleClosed',
      data: { winnerEntryId: 'e2', closedBy: 'schedule' },
    });
    expect(decide([battleOpened, entered(1), closed!], close)).toEqual([]);
  });

  it('has no winner without votes', () =>
    expect(decide([battleOpened, entered(1)], close)).toMatchObject([{ data: { winnerEntryId: null } }]));

  it('announces only a closed battle, and only once', () => {
    const closed: BattleEvent = {
      type: 'BattleClosed',
      data: { closedAt: hours(48).toISOString(), closedBy: 'schedule', winnerEntryId: 'e1' },
    };
    const announced: BattleEvent = {
      type: 'WinnerAnnounced',
      data: { winnerEntryId: 'e1', announcedAt: hours(48).toISOString() },
    };
    expect(decide([battleOpened], announce)).toEqual([]);
    given([battleOpened, closed]).when(announce).then([announced]);
    expect(decide([battleOpened, closed, announced], announce)).toEqual([]);
  });
});
