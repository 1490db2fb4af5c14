import { Context } from '@temporalio/activity';
import { closeMonth, type RunSummary } from './closeMonth';
import { computedPayouts, sendPayouts, type PayoutPorts } from './pay';
import { monthOf } from '../ledger/ledger';

/** The month a run started now pays for: the prior one. */
export function priorMonth(now: Date): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/** The monthly run's activities, made from the injected ports (temporalio/samples' createActivities). */
export function createRunActivities(ports: PayoutPorts) {
  return {
    async closePriorMonth(): Promise<RunSummary> {
      return closeMonth(ports.db, ports.schema, priorMonth(ports.clock()), ports.clock());
    },
    async payoutsToSend(month: string, kind: 'token' | 'fiat'): Promise<string[]> {
      return computedPayouts(ports, month, kind);
    },
    /** Sends a batch of payouts, heartbeating after each (a dead worker's batch moves on soon). */
    async sendPayouts(payoutIds: string[]): Promise<number> {
      return sendPayouts(ports, payoutIds, (payoutId) => Context.current().heartbeat(payoutId));
    },
  };
}

export type RunActivities = ReturnType<typeof createRunActivities>;
