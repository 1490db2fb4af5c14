import type { EventStore, Logger } from '@beatmatch/platform';
import { runBattleCommand } from './battles';

export interface BattleActivityDeps {
  store: EventStore;
  clock: () => Date;
  logger: Logger;
}

/** The lifecycle's steps, each one command on the battle's stream (a repeat decides nothing). */
export function createBattleActivities(deps: BattleActivityDeps) {
  return {
    async closeSubmissions(battleId: string): Promise<void> {
      await runBattleCommand(deps, battleId, { type: 'CloseSubmissions' });
    },
    async closeBattle(battleId: string): Promise<void> {
      await runBattleCommand(deps, battleId, { type: 'CloseBattle', data: { closedBy: 'schedule' } });
    },
    async announceWinner(battleId: string): Promise<void> {
      const { newEvents } = await runBattleCommand(deps, battleId, { type: 'AnnounceWinner' });
      if (newEvents.length) deps.logger.info({ battleId }, 'beat battle winner announced');
    },
  };
}

export type BattleActivities = ReturnType<typeof createBattleActivities>;
