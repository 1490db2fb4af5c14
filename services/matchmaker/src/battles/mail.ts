import { integrationEvent, type IntegrationEvent } from '@beatmatch/contracts';
import type { EventBus, Logger, Mailer, OutgoingMessage, Subscription } from '@beatmatch/platform';
import type { Battle, BattleEvent, ExistingBattle } from './battle';
import { standings } from './rating';

/*
 * The result mails, on the matchmaker's own mail topic (as payouts' statements): a request is an
 * outbox row written in the transaction that records WinnerAnnounced, and the sender below mails it,
 * at least once (a failed send throws, so the request is delivered again).
 */
export const BATTLE_MAIL_TOPIC = 'matchmaker.mail';
const MAIL_CONSUMER_GROUP = 'matchmaker-battle-mail';

export interface BattleResultMail {
  to: string;
  subject: string;
  text: string;
}
type BattleMailRequested = IntegrationEvent<'matchmaker.BattleMailRequested', BattleResultMail>;

/** One mail per entrant: the winner is congratulated, everyone else told the winner and their place. */
export function resultMails(battle: ExistingBattle): BattleResultMail[] {
  const ranked = standings(
    battle.entries.map((entry) => entry.entryId),
    battle.votes,
  );
  const winner = battle.entries.find((entry) => entry.entryId === battle.winnerEntryId);
  const theme = `"${battle.theme}"`;
  return battle.entries.map((entry) => {
    const place = ranked.findIndex((standing) => standing.entryId === entry.entryId) + 1;
    const standing = ranked[place - 1]!;
    const result = `Your beat "${entry.beatName}" finished #${place} of ${ranked.length} with a rating of ${standing.rating} from ${standing.votes} votes.`;
    if (winner?.entryId === entry.entryId)
      return {
        to: entry.producerEmail,
        subject: `You won the beat battle ${theme}!`,
        text: `Congratulations! The listeners chose your beat "${entry.beatName}" as the winner of the beat battle ${theme}.\n\n${result}`,
      };
    const outcome = winner
      ? `The winner is "${winner.beatName}" by ${winner.producerName}.`
      : 'Nobody voted, so there is no winner.';
    return {
      to: entry.producerEmail,
      subject: `The results of the beat battle ${theme}`,
      text: `The beat battle ${theme} has closed. ${outcome}\n\n${result}`,
    };
  });
}

/** WinnerAnnounced → one mail request per entrant, in the append's transaction. */
export const battleMailPublication = {
  topic: BATTLE_MAIL_TOPIC,
  map(events: BattleEvent[], state: Battle): OutgoingMessage[] {
    const announced = events.find((event) => event.type === 'WinnerAnnounced');
    if (state.status === 'none' || !announced) return [];
    const at = new Date(announced.data.announcedAt);
    return resultMails(state).map((mail) => ({
      key: mail.to,
      event: integrationEvent<BattleMailRequested>('matchmaker.BattleMailRequested', 1, mail, at),
    }));
  },
};

export function subscribeBattleMail(
  bus: EventBus,
  deps: { mailer: Mailer; logger: Logger },
): Promise<Subscription> {
  return bus.subscribe({
    groupId: MAIL_CONSUMER_GROUP,
    topics: [BATTLE_MAIL_TOPIC],
    handle: async (event) => {
      if (event.type !== 'matchmaker.BattleMailRequested') return;
      try {
        await deps.mailer.send(event.payload as BattleResultMail);
      } catch (error) {
        deps.logger.error({ err: error }, 'sending a beat battle result failed; it will be retried');
        throw error;
      }
    },
  });
}
