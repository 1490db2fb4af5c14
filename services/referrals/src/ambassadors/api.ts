import { Router } from 'express';
import { REFERRAL_MESSAGES } from '@beatmatch/contracts';
import { DomainError, handleCall, handleCommand, type EventStore } from '@beatmatch/platform';
import { ambassadorDecider, type AmbassadorCommand } from './businessLogic';
import { ambassadorStream } from './ambassador';
import type { AmbassadorQueries } from './readModel';

/** The perks panel's application, and the admin card's list, grant and revoke: routing only. */
export function ambassadorsRouter(store: EventStore, queries: AmbassadorQueries, clock: () => Date): Router {
  const router = Router();
  const run = (command: AmbassadorCommand) =>
    handleCommand(store, ambassadorStream(command.userId), ambassadorDecider, command);
  const userNamed = async (email: string) => {
    const userId = await queries.userIdByEmail(email);
    if (!userId) throw new DomainError('noSuchUser', REFERRAL_MESSAGES.noSuchUser, 404);
    return userId;
  };
  handleCall(router, 'referral_ambassador_apply', async ({ message }, { req }) => {
    await run({ type: 'apply', userId: req.caller!.userId!, message, now: clock() });
    return { status: 'pending' as const };
  });
  // Admin calls: refused (403) without the admin role; the gateway records each outcome.
  handleCall(router, 'referral_ambassadors', () => queries.list());
  handleCall(router, 'referral_ambassador_grant', async ({ email }) => {
    await run({ type: 'grant', userId: await userNamed(email), now: clock() });
    return queries.list();
  });
  handleCall(router, 'referral_ambassador_revoke', async ({ email }) => {
    await run({ type: 'revoke', userId: await userNamed(email), now: clock() });
    return queries.list();
  });
  return router;
}
