import { centsToDollars, DASHBOARD_CHART_DAYS, RECENT_CUSTOMERS_SHOWN } from '@beatmatch/contracts';
import type { DashboardStats, PioneerStatus, RecentCustomer } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';
import { PIONEERS_MILESTONE } from '../showcase/queries';

interface PeriodRow {
  label: string;
  sales_cents: string;
  plays: string;
  matches: string;
}

const stats = (row: PeriodRow): DashboardStats & { label: string } => ({
  label: row.label,
  sales: centsToDollars(Number(row.sales_cents)),
  plays: Number(row.plays),
  matches: Number(row.matches),
});

/** Periods of local time ($2 is the zone, $3 now): their local start and length. */
const MONTH = `SELECT date_trunc('month', $3::timestamptz AT TIME ZONE $2) + make_interval(months => $4) AS local_start,
  interval '1 month' AS length`;
const LAST_DAYS = `SELECT date_trunc('day', $3::timestamptz AT TIME ZONE $2) - make_interval(days => n) AS local_start,
  interval '1 day' AS length FROM generate_series(0, $4 - 1) AS n`;

/**
 * The dashboard's reads, always of one producer. A sale counts in the period it was bought in and
 * its refund takes it back in the period it was refunded in (a month already shown stays as shown).
 */
export class DashboardQueries {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  private async periods(
    producerId: string,
    zone: string,
    now: Date,
    periodsSql: string,
    n: number,
    format: string,
  ) {
    const s = this.s;
    const { rows } = await this.db.query<PeriodRow>(
      `WITH periods AS (${periodsSql}),
       bounds AS (SELECT local_start, local_start AT TIME ZONE $2 AS start_at,
                         (local_start + length) AT TIME ZONE $2 AS end_at FROM periods)
       SELECT to_char(local_start, '${format}') AS label,
         (SELECT COALESCE(sum(amount_cents) FILTER (WHERE purchased_at >= start_at AND purchased_at < end_at), 0)
               - COALESCE(sum(amount_cents) FILTER (WHERE refunded_at >= start_at AND refunded_at < end_at), 0)
            FROM ${s}.dashboard_sales WHERE producer_id = $1) AS sales_cents,
         (SELECT COALESCE(sum(n), 0) FROM ${s}.dashboard_activity_quarters
           WHERE producer_id = $1 AND kind = 'play' AND quarter >= start_at AND quarter < end_at) AS plays,
         (SELECT COALESCE(sum(n), 0) FROM ${s}.dashboard_activity_quarters
           WHERE producer_id = $1 AND kind = 'match' AND quarter >= start_at AND quarter < end_at) AS matches
       FROM bounds ORDER BY local_start`,
      [producerId, zone, now.toISOString(), n],
    );
    return rows.map(stats);
  }

  /** A month of the producer's zone: 0 the current one, -1 the last one. */
  async month(producerId: string, zone: string, now: Date, offset: 0 | -1) {
    const [period] = await this.periods(producerId, zone, now, MONTH, offset, 'YYYY-MM');
    const { label, ...rest } = period!;
    return { month: label, ...rest };
  }

  /** The chart's days, oldest first, today (in the producer's zone) last. */
  async lastDays(producerId: string, zone: string, now: Date) {
    const days = await this.periods(producerId, zone, now, LAST_DAYS, DASHBOARD_CHART_DAYS, 'YYYY-MM-DD');
    return days.map(({ label, ...rest }) => ({ day: label, ...rest }));
  }

  async recentCustomers(producerId: string): Promise<RecentCustomer[]> {
    const { rows } = await this.db.query<RecentCustomer>(
      `SELECT sale.purchase_id AS "purchaseId", sale.buyer_email AS customer,
              COALESCE(beat.name, '') AS "beatName", sale.package, sale.amount_cents AS amount,
              to_char(sale.purchased_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "purchasedAt"
         FROM ${this.s}.dashboard_sales sale LEFT JOIN ${this.s}.beats beat ON beat.beat_id = sale.beat_id
        WHERE sale.producer_id = $1 AND sale.refunded_at IS NULL
        ORDER BY sale.purchased_at DESC, sale.purchase_id LIMIT $2`,
      [producerId, RECENT_CUSTOMERS_SHOWN],
    );
    return rows.map((row) => ({ ...row, amount: centsToDollars(Number(row.amount)) }));
  }

  /** The producer's real uploads among the first ones published (the Pioneers page's rule). */
  async pioneerStatus(producerId: string): Promise<PioneerStatus> {
    const { rows } = await this.db.query<{ uploads: string; lifer: boolean | null }>(
      `WITH ranked AS (
         SELECT producer_id, row_number() OVER (ORDER BY published_at, beat_id) AS n
           FROM ${this.s}.beats WHERE status = 'published' AND NOT demo AND published_at IS NOT NULL)
       SELECT (SELECT count(*) FROM ranked WHERE n <= $2 AND producer_id = $1) AS uploads,
              (SELECT (entitlements->>'lifer')::boolean FROM ${this.s}.entitlements WHERE user_id = $1) AS lifer`,
      [producerId, PIONEERS_MILESTONE],
    );
    const uploads = Number(rows[0]?.uploads ?? 0);
    return {
      pioneer: uploads > 0,
      pioneerUploads: uploads,
      lifetimeMember: rows[0]?.lifer === true,
      milestone: PIONEERS_MILESTONE,
    };
  }
}
