import {
  beatMatchedV1,
  beatPlayedV1,
  beatPurchasedV1,
  COMMERCE_TOPIC,
  MATCHMAKER_TOPIC,
  purchaseRefundedV1,
} from '@beatmatch/contracts';
import {
  on,
  subscribeToContracts,
  type EventBus,
  type Logger,
  type SqlDatabase,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';

/**
 * Every zone's offset is a whole number of quarter hours, so a day or a month of any zone begins and
 * ends on a quarter-hour boundary: counts per quarter hour add up to any period of any zone.
 */
const QUARTER = `date_bin('15 minutes', at, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

/** Fills the quarter-hour counts from the plays and matches (a store that had them before the counts). */
export const activityQuartersBackfillSql = (s: string) => `
  INSERT INTO ${s}.dashboard_activity_quarters (producer_id, kind, quarter, n)
  SELECT producer_id, kind, ${QUARTER}, count(*) FROM ${s}.dashboard_activity
   WHERE NOT EXISTS (SELECT 1 FROM ${s}.dashboard_activity_quarters)
   GROUP BY 1, 2, 3
  ON CONFLICT DO NOTHING;
`;

/**
 * The dashboard's projection: each sale with the instant of its refund, each play and match with its
 * instant, and the plays and matches counted per producer and quarter hour. Days and months are cut at
 * read time in the producer's time zone, so a zone the page sends later still reads the same facts
 * right; the counts keep a month's read to at most ~3,000 rows however many plays it had
 * (bench/workspace/README.md).
 */
export const dashboardSchemaSql = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.dashboard_sales (
    purchase_id text PRIMARY KEY,
    producer_id text NOT NULL,
    beat_id text NOT NULL,
    buyer_email text NOT NULL,
    package text NOT NULL,
    amount_cents integer NOT NULL,
    purchased_at timestamptz NOT NULL,
    refunded_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS dashboard_sales_by_producer ON ${s}.dashboard_sales (producer_id, purchased_at);
  CREATE TABLE IF NOT EXISTS ${s}.dashboard_activity (
    event_id text PRIMARY KEY,
    producer_id text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('play', 'match')),
    at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.dashboard_activity_quarters (
    producer_id text NOT NULL,
    kind text NOT NULL,
    quarter timestamptz NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (producer_id, kind, quarter)
  );
  ${activityQuartersBackfillSql(s)}
`;

const activity =
  (tx: SqlExecutor, s: string, kind: 'play' | 'match') =>
  async (event: { id: string; payload: { producerId: string; at: string } }) => {
    // A redelivered event is neither stored nor counted again.
    await tx.query(
      `WITH fact AS (
         INSERT INTO ${s}.dashboard_activity (event_id, producer_id, kind, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (event_id) DO NOTHING RETURNING producer_id, kind, at)
       INSERT INTO ${s}.dashboard_activity_quarters (producer_id, kind, quarter, n)
       SELECT producer_id, kind, ${QUARTER}, 1 FROM fact
       ON CONFLICT (producer_id, kind, quarter)
       DO UPDATE SET n = ${s}.dashboard_activity_quarters.n + 1`,
      [event.id, event.payload.producerId, kind, event.payload.at],
    );
  };

/**
 * Sales and refunds from commerce, plays and matches from the matchmaker. A match later removed from
 * the listener's list still happened: the month and the chart keep counting it.
 */
export function dashboardHandlers(s: string) {
  return [
    on(beatPurchasedV1, async ({ payload: sale }, tx) => {
      await tx.query(
        `INSERT INTO ${s}.dashboard_sales
           (purchase_id, producer_id, beat_id, buyer_email, package, amount_cents, purchased_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (purchase_id) DO NOTHING`,
        [
          sale.purchaseId,
          sale.producerId,
          sale.beatId,
          sale.buyerEmail,
          sale.package,
          sale.amountCents,
          sale.purchasedAt,
        ],
      );
    }),
    on(purchaseRefundedV1, async ({ payload: refund }, tx) => {
      await tx.query(
        `UPDATE ${s}.dashboard_sales SET refunded_at = $2 WHERE purchase_id = $1 AND refunded_at IS NULL`,
        [refund.purchaseId, refund.refundedAt],
      );
    }),
    on(beatPlayedV1, (event, tx) => activity(tx, s, 'play')(event)),
    on(beatMatchedV1, (event, tx) => activity(tx, s, 'match')(event)),
  ];
}

/** The projection's own consumer group, so a dashboard that falls behind never holds up the crates. */
export function subscribeDashboard(
  options: { bus: EventBus; db: SqlDatabase; logger: Logger; schema: string } & {
    consumer?: string;
    topics?: string[];
  },
): Promise<Subscription> {
  return subscribeToContracts({
    ...options,
    consumer: options.consumer ?? 'catalog.dashboard',
    topics: options.topics ?? [COMMERCE_TOPIC, MATCHMAKER_TOPIC],
    handlers: dashboardHandlers(options.schema),
  });
}
