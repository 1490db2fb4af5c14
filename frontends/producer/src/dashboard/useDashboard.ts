import type { MonthStats, PioneerStatus, RecentCustomer, StatGraph } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useEffect, useState } from 'react';

export interface DashboardData {
  lastMonth: MonthStats;
  currentMonth: MonthStats;
  graph: StatGraph;
  customers: RecentCustomer[];
  pioneer: PioneerStatus;
}

export type DashboardState =
  { status: 'loading' } | { status: 'ready'; data: DashboardData } | { status: 'failed'; error: unknown };

/** The browser's time zone: the producer's days and months are cut in it (the server uses UTC without one). */
const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};

async function loadDashboard(): Promise<DashboardData> {
  const { api } = beatmatchSdk();
  const request = { timeZone: browserTimeZone() };
  const [lastMonth, currentMonth, graph, customers, pioneer] = await Promise.all([
    api.call('last_month_stats', request),
    api.call('current_month_stats', request),
    api.call('stat_graph', request),
    api.call('recent_customers', request),
    api.call('dashboard_pioneer_status', request),
  ]);
  return { lastMonth, currentMonth, graph, customers: customers.customers, pioneer };
}

/** The dashboard's five calls, asked together once. */
export function useDashboard(): DashboardState {
  const [state, setState] = useState<DashboardState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadDashboard()
      .then((data) => live && setState({ status: 'ready', data }))
      .catch((error: unknown) => live && setState({ status: 'failed', error }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
