import {
  centsToDollars,
  integrationEvent,
  PAYOUT_METHOD_TERMS,
  type IntegrationEvent,
  type PayoutMethod,
} from '@beatmatch/contracts';
import {
  writeOutboxMessage,
  type EventBus,
  type Logger,
  type Mailer,
  type SqlExecutor,
  type Subscription,
} from '@beatmatch/platform';

/*
 * Payout statements, on payouts' own mail topic (as catalog's packs): a request is an outbox row
 * written in the transaction that records the payout (with its trace context, so the mail's sending
 * belongs to the run's trace), and the sender below mails it, at least once (a failed send throws, so
 * the request is delivered again).
 */
export const STATEMENT_MAIL_TOPIC = 'payouts.mail';
const MAIL_CONSUMER_GROUP = 'payouts-mail';

export interface StatementRequest {
  email: string;
  month: string;
  kind: 'token' | 'fiat';
  method: PayoutMethod | null;
  grossCents: number;
  feeCents: number;
  status: 'paid' | 'submitted' | 'returned';
}

type StatementMailRequested = IntegrationEvent<'payouts.StatementMailRequested', StatementRequest>;

const STATUS_TEXT: Record<StatementRequest['status'], string> = {
  submitted: 'Sent',
  paid: 'Paid',
  returned: 'Returned to your balance',
};

/** Queues a statement for each recorded payout whose producer's e-mail is known, in `tx`. */
export async function queueStatements(tx: SqlExecutor, s: string, payoutIds: readonly string[], at: Date) {
  const { rows } = await tx.query<{
    email: string;
    month: string;
    kind: StatementRequest['kind'];
    method: PayoutMethod | null;
    gross_cents: string;
    fee_cents: string;
    status: StatementRequest['status'];
  }>(
    `SELECT e.email, p.month, p.kind, p.method, p.gross_cents, p.fee_cents, p.status
     FROM ${s}.payouts p JOIN ${s}.producer_emails e ON e.user_id = p.producer_id
     WHERE p.payout_id = ANY($1::text[]) ORDER BY p.payout_id`,
    [payoutIds],
  );
  for (const row of rows) {
    const request: StatementRequest = {
      email: row.email,
      month: row.month,
      kind: row.kind,
      method: row.method,
      grossCents: Number(row.gross_cents),
      feeCents: Number(row.fee_cents),
      status: row.status,
    };
    const event = integrationEvent<StatementMailRequested>('payouts.StatementMailRequested', 1, request, at);
    await writeOutboxMessage(tx, s, { topic: STATEMENT_MAIL_TOPIC, key: request.email, event });
  }
}

export function statementMailOf(request: StatementRequest) {
  const method = request.method ? PAYOUT_METHOD_TERMS[request.method].label : '$BEAT';
  const kind = request.kind === 'token' ? '$BEAT' : 'Fiat';
  return {
    to: request.email,
    subject: `Your Beatmatch payout statement for ${request.month}`,
    text: [
      `Here is your payout statement for ${request.month}.`,
      '',
      `Month: ${request.month}`,
      `Kind: ${kind}`,
      `Method: ${method}`,
      `Gross: $${centsToDollars(request.grossCents)}`,
      `Fee: $${centsToDollars(request.feeCents)}`,
      `Net: $${centsToDollars(request.grossCents - request.feeCents)}`,
      `Status: ${STATUS_TEXT[request.status]}`,
    ].join('\n'),
  };
}

export function subscribeStatementMail(
  bus: EventBus,
  deps: { mailer: Mailer; logger: Logger },
): Promise<Subscription> {
  return bus.subscribe({
    groupId: MAIL_CONSUMER_GROUP,
    topics: [STATEMENT_MAIL_TOPIC],
    handle: async (event) => {
      if (event.type !== 'payouts.StatementMailRequested') return;
      try {
        await deps.mailer.send(statementMailOf(event.payload as StatementRequest));
      } catch (error) {
        deps.logger.error({ err: error }, 'sending a payout statement failed; it will be retried');
        throw error;
      }
    },
  });
}
