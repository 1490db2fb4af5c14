import {
  dashboardRequestSchema,
  monthStatsAnswer,
  pioneerStatusAnswer,
  recentCustomersAnswer,
  statGraphAnswer,
} from '../dashboardApi';
import { declareCall } from './call';

const dashboardCall = <A extends Parameters<typeof declareCall>[0]['answer']>(
  path: string,
  summary: string,
  answer: A,
) =>
  declareCall({
    service: 'catalog',
    path: `/dashboard/${path}`,
    method: 'post',
    summary,
    access: 'user',
    request: dashboardRequestSchema,
    answer,
  });

/** The producer dashboard's five calls (artist-side spec §7): the caller's own stats only. */
export const dashboardCalls = {
  last_month_stats: dashboardCall(
    'last-month',
    "Sales (dollars), plays and matches of the caller's beats last month, in their time zone",
    monthStatsAnswer,
  ),
  current_month_stats: dashboardCall(
    'current-month',
    "Sales (dollars), plays and matches of the caller's beats this month, in their time zone",
    monthStatsAnswer,
  ),
  stat_graph: dashboardCall(
    'graph',
    "The caller's sales, plays and matches per day over the last eight days, in their time zone",
    statGraphAnswer,
  ),
  recent_customers: dashboardCall(
    'recent-customers',
    "The latest customers of the caller's beats (refunded purchases left out)",
    recentCustomersAnswer,
  ),
  dashboard_pioneer_status: dashboardCall(
    'pioneer-status',
    "Whether the caller's uploads are among the Pioneers' first ones, and their lifetime membership",
    pioneerStatusAnswer,
  ),
};
