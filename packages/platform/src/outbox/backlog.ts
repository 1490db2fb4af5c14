import type { SqlDatabase } from '../sql/port';
import { meter, perProvider } from '../telemetry/metrics';

/** The outboxes of this process (one per service schema), read at each scrape. */
const outboxes = new Map<string, SqlDatabase>();

/**
 * beatmatch_outbox_backlog (rows not yet sent) and beatmatch_outbox_oldest_age_seconds (how long the
 * oldest of them has waited), by schema: a relay that is stuck shows as a growing age.
 */
const registerGauges = perProvider(() => {
  const backlog = meter().createObservableGauge('beatmatch_outbox_backlog', {
    description: 'Outbox rows not yet relayed to the bus',
  });
  const age = meter().createObservableGauge('beatmatch_outbox_oldest_age_seconds', {
    description: 'Age of the oldest outbox row not yet relayed',
  });
  meter().addBatchObservableCallback(
    async (result) => {
      for (const [schema, db] of outboxes) {
        const { rows } = await db
          .query<{ n: string; age: string | null }>(
            `SELECT count(*) AS n, EXTRACT(EPOCH FROM now() - min(created_at)) AS age
             FROM ${schema}.outbox WHERE sent_at IS NULL`,
          )
          .catch(() => ({ rows: [] }));
        if (!rows[0]) continue;
        result.observe(backlog, Number(rows[0].n), { schema });
        result.observe(age, Number(rows[0].age ?? 0), { schema });
      }
    },
    [backlog, age],
  );
  return true;
});

/** Reports this outbox's backlog from now on (the schema is an already checked identifier). */
export function observeOutbox(db: SqlDatabase, schema: string) {
  outboxes.set(schema, db);
  registerGauges();
  return () => void outboxes.delete(schema);
}
