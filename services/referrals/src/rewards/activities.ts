import { Context } from '@temporalio/activity';
import { lastEndedMonth, runReferralMonth, type RunPorts, type RunSummary } from './run';

/** The referral run's activity, made from the injected ports (temporalio/samples' createActivities). */
export function createReferralRunActivities(ports: RunPorts) {
  return {
    /** The last month over everywhere; retried whole after a crash (what was posted stays posted). */
    async runLastEndedMonth(): Promise<RunSummary> {
      return runReferralMonth(ports, lastEndedMonth(ports.clock()), (done) =>
        Context.current().heartbeat(done),
      );
    },
  };
}

export type ReferralRunActivities = ReturnType<typeof createReferralRunActivities>;
