import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { OrderEvent, OrderPlaced } from './order';

/**
 * Read models of the orders, kept in the same transaction as the order streams: `orders` finds an
 * order by its payment session (webhooks), `purchases` answers retrieve_puchases and downloads.
 */
export const ordersReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.orders (
    order_id text PRIMARY KEY,
    session_id text NOT NULL UNIQUE,
    buyer_id text NOT NULL,
    status text NOT NULL,
    placed jsonb NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.purchases (
    purchase_id text PRIMARY KEY,
    order_id text NOT NULL,
    buyer_id text NOT NULL,
    buyer_email text NOT NULL,
    beat_id text NOT NULL,
    package text NOT NULL,
    price_cents integer NOT NULL,
    fee_cents integer NOT NULL,
    producer_id text NOT NULL,
    producer_name text NOT NULL,
    beat_name text NOT NULL,
    cover_art_url text,
    has_stems boolean NOT NULL,
    purchased_at timestamptz NOT NULL
  );
  ALTER TABLE ${s}.purchases ADD COLUMN IF NOT EXISTS buyer_name text;
  CREATE INDEX IF NOT EXISTS purchases_by_buyer ON ${s}.purchases (buyer_id, purchased_at);
  -- Refunds: a refunded purchase keeps its row (the buyer sees it) but downloads and its licence end.
  ALTER TABLE ${s}.purchases ADD COLUMN IF NOT EXISTS refunded_at timestamptz;
  -- The provider's payment of a paid order (refund webhooks name the payment, not the session).
  ALTER TABLE ${s}.orders ADD COLUMN IF NOT EXISTS payment_ref text;
  CREATE INDEX IF NOT EXISTS orders_by_payment ON ${s}.orders (payment_ref);
  UPDATE ${s}.orders o SET payment_ref = e.data->>'paymentRef'
    FROM ${s}.events e
    WHERE o.payment_ref IS NULL AND o.status = 'paid' AND e.type = 'OrderPaid'
      AND e.stream_name = 'order:' || o.order_id;`;

/** A paid order's lines become purchases (the order keeps its payment: refunds name it). */
async function recordPurchases(
  tx: SqlExecutor,
  s: string,
  orderId: string,
  event: Extract<OrderEvent, { type: 'OrderPaid' }>['data'],
) {
  const { rows } = await tx.query<{ placed: OrderPlaced }>(
    `UPDATE ${s}.orders SET status = 'paid', payment_ref = $2, updated_at = now() WHERE order_id = $1 RETURNING placed`,
    [orderId, event.paymentRef],
  );
  const placed = rows[0]!.placed;
  for (const [index, purchase] of event.purchases.entries()) {
    const line = placed.lines[purchase.line ?? index]!;
    await tx.query(
      `INSERT INTO ${s}.purchases (purchase_id, order_id, buyer_id, buyer_email, beat_id, package,
           price_cents, fee_cents, producer_id, producer_name, beat_name, cover_art_url, has_stems, purchased_at,
           buyer_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (purchase_id) DO NOTHING`,
      [
        purchase.purchaseId,
        orderId,
        placed.buyerId,
        placed.buyerEmail,
        line.beatId,
        line.package,
        line.priceCents,
        line.feeCents,
        line.producerId,
        line.producerName,
        line.beatName,
        line.coverArtUrl,
        line.hasStems,
        event.paidAt,
        placed.buyerName ?? null,
      ],
    );
  }
}

export function ordersProjection(s: string): InlineProjection {
  return {
    name: 'commerce-orders',
    handles: [
      'OrderPlaced',
      'OrderPaid',
      'OrderPaymentFailed',
      'OrderRefunded',
      'OrderClaimed',
      'OrderVoided',
      'DuplicatePaymentRefunded',
    ],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const event = { type: recorded.type, data: recorded.data } as OrderEvent;
        const orderId = recorded.streamName.slice('order:'.length);
        switch (event.type) {
          case 'OrderPlaced':
            await tx.query(
              `INSERT INTO ${s}.orders (order_id, session_id, buyer_id, status, placed, updated_at)
               VALUES ($1, $2, $3, 'open', $4, now()) ON CONFLICT (order_id) DO NOTHING`,
              [orderId, event.data.sessionId, event.data.buyerId, JSON.stringify(event.data)],
            );
            break;
          case 'OrderRefunded':
            await tx.query(
              `UPDATE ${s}.purchases SET refunded_at = $2 WHERE purchase_id = ANY($1::text[]) AND refunded_at IS NULL`,
              [event.data.purchases.map((p) => p.purchaseId), event.data.refundedAt],
            );
            await tx.query(
              `UPDATE ${s}.orders SET status = 'refunded', updated_at = now() WHERE order_id = $1
                 AND NOT EXISTS (SELECT 1 FROM ${s}.purchases WHERE order_id = $1 AND refunded_at IS NULL)`,
              [orderId],
            );
            break;
          case 'OrderClaimed':
            // The guest's purchases are the account's from now on (listed, downloadable by it only).
            await tx.query(`UPDATE ${s}.orders SET buyer_id = $2, updated_at = now() WHERE order_id = $1`, [
              orderId,
              event.data.userId,
            ]);
            await tx.query(`UPDATE ${s}.purchases SET buyer_id = $2 WHERE order_id = $1`, [
              orderId,
              event.data.userId,
            ]);
            break;
          case 'OrderPaymentFailed':
            await tx.query(
              `UPDATE ${s}.orders SET status = 'failed', updated_at = now() WHERE order_id = $1`,
              [orderId],
            );
            break;
          case 'OrderPaid':
            await recordPurchases(tx, s, orderId, event.data);
            break;
          case 'OrderVoided':
            await tx.query(`UPDATE ${s}.orders SET status = 'void', updated_at = now() WHERE order_id = $1`, [
              orderId,
            ]);
            break;
          case 'DuplicatePaymentRefunded':
            // Every line was a duplicate: nothing of the order was bought (its payment is given back).
            if (event.data.whole)
              await tx.query(
                `UPDATE ${s}.orders SET status = 'void', updated_at = now() WHERE order_id = $1 AND status <> 'paid'`,
                [orderId],
              );
        }
      }
    },
  };
}

export interface PurchaseRow {
  purchase_id: string;
  order_id: string;
  buyer_id: string;
  buyer_email: string;
  /** null for purchases made before display names were kept. */
  buyer_name: string | null;
  beat_id: string;
  package: string;
  price_cents: number;
  fee_cents: number;
  producer_id: string;
  producer_name: string;
  beat_name: string;
  cover_art_url: string | null;
  has_stems: boolean;
  purchased_at: Date | string;
  /** null unless a refund reversed it. */
  refunded_at: Date | string | null;
}

export async function purchasesOf(db: SqlExecutor, s: string, buyerId: string): Promise<PurchaseRow[]> {
  const { rows } = await db.query<PurchaseRow>(
    `SELECT * FROM ${s}.purchases WHERE buyer_id = $1 ORDER BY purchased_at DESC, purchase_id`,
    [buyerId],
  );
  return rows;
}

export async function purchaseById(
  db: SqlExecutor,
  s: string,
  purchaseId: string,
): Promise<PurchaseRow | null> {
  const { rows } = await db.query<PurchaseRow>(`SELECT * FROM ${s}.purchases WHERE purchase_id = $1`, [
    purchaseId,
  ]);
  return rows[0] ?? null;
}

export async function orderBySession(
  db: SqlExecutor,
  s: string,
  sessionId: string,
): Promise<{ order_id: string; buyer_id: string; status: string; placed: OrderPlaced } | null> {
  const { rows } = await db.query<{
    order_id: string;
    buyer_id: string;
    status: string;
    placed: OrderPlaced;
  }>(`SELECT order_id, buyer_id, status, placed FROM ${s}.orders WHERE session_id = $1`, [sessionId]);
  return rows[0] ?? null;
}

/**
 * Which lines of an order the buyer owns already: the same beat and package bought in another order
 * and not refunded (a payment for them is given back, never a second purchase).
 */
export async function ownedLines(
  db: SqlExecutor,
  s: string,
  orderId: string,
  placed: Pick<OrderPlaced, 'buyerId' | 'lines'>,
): Promise<number[]> {
  const { rows } = await db.query<{ owned: string }>(
    `SELECT beat_id || ':' || package AS owned FROM ${s}.purchases
      WHERE buyer_id = $1 AND order_id <> $2 AND refunded_at IS NULL AND beat_id = ANY($3::text[])`,
    [placed.buyerId, orderId, placed.lines.map((line) => line.beatId)],
  );
  const owned = new Set(rows.map((row) => row.owned));
  return placed.lines.flatMap((line, index) => (owned.has(`${line.beatId}:${line.package}`) ? [index] : []));
}

/** The paid order of a provider payment (refund webhooks), or null. */
export async function orderByPaymentRef(
  db: SqlExecutor,
  s: string,
  paymentRef: string,
): Promise<{ order_id: string } | null> {
  const { rows } = await db.query<{ order_id: string }>(
    `SELECT order_id FROM ${s}.orders WHERE payment_ref = $1`,
    [paymentRef],
  );
  return rows[0] ?? null;
}
