import { Router } from 'express';
import { centsToDollars, REFERRAL_MESSAGES } from '@beatmatch/contracts';
import { DomainError, handleCall } from '@beatmatch/platform';
import type { AmbassadorQueries } from '../ambassadors/readModel';
import { rewardMonths, thisMonth, zoneOf } from './dashboard';
import { lastEndedMonth, monthIsOver, runReferralMonth, type RunPorts } from './run';

/** The referral dashboard's calls and the admin's 'Populate referral total table': routing only. */
export function rewardsRouter(ports: RunPorts, ambassadors: AmbassadorQueries): Router {
  const router = Router();
  const { db, schema: s } = ports;
  handleCall(router, 'beatmatch_referral_data', async ({ timeZone }, { req }) => {
    const userId = req.caller!.userId!;
    const zone = await zoneOf(db, s, userId, timeZone);
    const { reward } = await thisMonth(db, s, userId, zone, ports.clock());
    return {
      total: reward.active,
      signUps: reward.inactive,
      isAmbassador: await ambassadors.isAmbassador(userId),
      kickback: centsToDollars(reward.affiliateCents + reward.revShareCents),
    };
  });
  handleCall(router, 'referral_rewards', async ({ timeZone }, { req }) => {
    const userId = req.caller!.userId!;
    const zone = await zoneOf(db, s, userId, timeZone);
    return { months: await rewardMonths(db, s, userId, zone, ports.clock()) };
  });
  // Admin call: handleCall refuses it (403) without the admin role; the gateway records the outcome.
  handleCall(router, 'populate_referral_payouts', async ({ month }) => {
    const now = ports.clock();
    const run = month ?? lastEndedMonth(now);
    if (!monthIsOver(run, now)) throw new DomainError('monthNotOver', REFERRAL_MESSAGES.monthNotOver, 409);
    const summary = await runReferralMonth(ports, run);
    return {
      month: summary.month,
      referrers: summary.referrers,
      rewards: summary.rewards,
      total: centsToDollars(summary.totalCents),
    };
  });
  return router;
}
