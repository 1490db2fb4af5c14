import { z } from 'zod';
import { timeZone } from './matchmakerApi';

/*
 * The producer dashboard's calls (artist-side spec §2 Producer dashboard, §7, §9): stats of the
 * caller's own beats, kept by the catalog from commerce's sales and refunds and the matchmaker's plays
 * and matches. Money is kept in integer cents and answered in dollars ('12.34'); days and months are
 * the producer's, in the IANA time zone the page sends (its browser's), UTC when it sends none.
 */

/** The days the dashboard chart covers, today included (artist-side spec §9). */
export const DASHBOARD_CHART_DAYS = 8;
/** How many of the latest customers Recent Customers lists. */
export const RECENT_CUSTOMERS_SHOWN = 10;

/** Every dashboard call's request: the producer's time zone, if the page knows it. */
export const dashboardRequestSchema = z.object({ timeZone });

const count = z.number().int().nonnegative();
/** Dollars with two decimals, negative when a period's refunds outweigh its sales. */
const dollars = z.string().regex(/^-?\d+\.\d{2}$/);

/** Sales, plays and matches of one period. */
const statsSchema = z.object({ sales: dollars, plays: count, matches: count });
export type DashboardStats = z.infer<typeof statsSchema>;

/** Last Month / Current Month Stats: the month ('YYYY-MM', producer's zone) and its stats. */
export const monthStatsAnswer = statsSchema.extend({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  timeZone: z.string(),
});
export type MonthStats = z.infer<typeof monthStatsAnswer>;

/** The chart: the last eight days of the producer's zone, oldest first, each with its stats. */
export const statGraphAnswer = z.object({
  timeZone: z.string(),
  days: z.array(statsSchema.extend({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })),
});
export type StatGraph = z.infer<typeof statGraphAnswer>;

/** Recent Customers: the latest purchases of the producer's beats that were not refunded, newest first. */
export const recentCustomersAnswer = z.object({
  customers: z.array(
    z.object({
      purchaseId: z.string(),
      customer: z.string(),
      beatName: z.string(),
      package: z.enum(['firstDate', 'relationship', 'marriage']),
      amount: dollars,
      purchasedAt: z.string(),
    }),
  ),
});
export type RecentCustomer = z.infer<typeof recentCustomersAnswer>['customers'][number];

/** Pioneer status: whether the producer's uploads are among the first ones the Pioneers page lists. */
export const pioneerStatusAnswer = z.object({
  pioneer: z.boolean(),
  /** The producer's uploads among the first `milestone` published ones. */
  pioneerUploads: count,
  lifetimeMember: z.boolean(),
  milestone: count,
});
export type PioneerStatus = z.infer<typeof pioneerStatusAnswer>;
