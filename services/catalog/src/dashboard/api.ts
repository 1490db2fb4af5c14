import { Router } from 'express';
import { handleCall } from '@beatmatch/platform';
import { callerId } from '../http/guards';
import type { DashboardQueries } from './queries';

/**
 * The zone of the producer's days and months: the page's (its browser's), UTC when it sends none, in
 * its canonical name: PostgreSQL does not know every alias the request's check accepts (US/Pacific-New).
 */
const zoneOf = (input: { timeZone?: string | null | undefined }) =>
  new Intl.DateTimeFormat('en-US', { timeZone: input.timeZone ?? 'UTC' }).resolvedOptions().timeZone;

/** The producer dashboard's five calls: each answers the caller's own stats, never another's. */
export function dashboardRouter({
  queries,
  clock,
}: {
  queries: DashboardQueries;
  clock: () => Date;
}): Router {
  const router = Router();
  router.use('/dashboard', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const month = (input: { timeZone?: string | null }, userId: string, offset: 0 | -1) =>
    queries
      .month(userId, zoneOf(input), clock(), offset)
      .then((stats) => ({ ...stats, timeZone: zoneOf(input) }));
  handleCall(router, 'last_month_stats', (input, { req }) => month(input, callerId(req), -1));
  handleCall(router, 'current_month_stats', (input, { req }) => month(input, callerId(req), 0));
  handleCall(router, 'stat_graph', async (input, { req }) => ({
    timeZone: zoneOf(input),
    days: await queries.lastDays(callerId(req), zoneOf(input), clock()),
  }));
  handleCall(router, 'recent_customers', async (_input, { req }) => ({
    customers: await queries.recentCustomers(callerId(req)),
  }));
  handleCall(router, 'dashboard_pioneer_status', (_input, { req }) => queries.pioneerStatus(callerId(req)));
  return router;
}
