import type { EventBus, Logger, SqlDatabase } from '@beatmatch/platform';
import { dashboardRouter } from './api';
import { dashboardSchemaSql, subscribeDashboard } from './projection';
import { DashboardQueries } from './queries';

/** The producer dashboard as the composition root wires it: read model, subscription, router. */
export const dashboard = {
  readModel: dashboardSchemaSql,
  create(deps: {
    db: SqlDatabase;
    bus: EventBus;
    logger: Logger;
    schema: string;
    clock: () => Date;
    /** The catalog's consumer group and topics (tests use fresh ones); the dashboard's group derives from it. */
    consumer?: string;
    topics?: string[];
  }) {
    const queries = new DashboardQueries(deps.db, deps.schema);
    const { consumer, ...rest } = deps;
    return {
      queries,
      router: dashboardRouter({ queries, clock: deps.clock }),
      subscription: () =>
        subscribeDashboard({ ...rest, ...(consumer ? { consumer: `${consumer}.dashboard` } : {}) }),
    };
  },
};
