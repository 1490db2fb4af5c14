import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createPublicClient, erc20Abi, getAddress, http, type Hex } from 'viem';
import {
  beatPurchasedV1,
  COMMERCE_TOPIC,
  integrationEvent,
  type BeatPurchasedPayload,
} from '@beatmatch/contracts';
import { KafkaEventBus } from '@beatmatch/platform';
import { openTemporalClient } from '@beatmatch/platform/workflows';
import { requireEnv, waitFor } from '@beatmatch/testing';
import { signedInClient, type ApiClient } from '@beatmatch/embedded/apiClient';
import { priorMonth } from '../services/payouts/src/runs/activities';
import { runScheduleId } from '../services/payouts/src/runs/temporal';
import type { monthlyPayoutRun } from '../services/payouts/src/runs/workflows';
import { devMailboxOf } from './devMailbox';
import { distributedRun } from './distributedRun';

/*
 * Issue 22, "the monthly run's worker killed mid-run", on the distributed profile: payouts is its own
 * process (PostgreSQL, Kafka, Temporal, the development chain of deploy/local) and runs the monthly
 * runs' Temporal worker. The $BEAT run's worker is SIGKILLed between sending and recording (a transfer
 * journalled, sent and mined, the batch not yet recorded); the supervisor starts payouts again, its worker
 * takes the run over, and every producer holds on chain exactly their one transfer. Then the fiat run's
 * worker is SIGKILLed once the provider has its first payout: each producer is paid once there too.
 */
jest.setTimeout(600_000);

const taskQueue = `payouts-kill-${randomBytes(4).toString('hex')}`;
process.env.PAYOUTS_TASK_QUEUE = taskQueue;
// The producers sign up and in from one address: more than the default ten attempts a minute.
process.env.RATE_LIMIT_LOGIN = '100';
/**
 * `npm test` keeps deploy/local's development chain out of the suites' environment (each suite runs a
 * chain of its own, scripts/test.mjs); this one runs the distributed profile on that chain, as
 * `npm run start:distributed` does, so it reads the chain's address and treasury key itself.
 */
function useLocalChain() {
  if (process.env.BEAT_CHAIN_RPC_URL) return;
  const printed = execFileSync('bash', ['deploy/local/env'], { encoding: 'utf8' });
  for (const [, name, value] of printed.matchAll(/^export (BEAT_CHAIN_RPC_URL|BEAT_TREASURY_KEY)=(.*)$/gm))
    process.env[name!] = value!.replace(/^['"]|['"]$/g, '');
}
useLocalChain();
const distributed = distributedRun('payouts');
const PRODUCERS = 6;
const SALE_CENTS = 2_000;

async function query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: distributed.system().databaseUrlOf('payouts') });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}
const count = async (sql: string) => Number((await query<{ n: string }>(sql))[0]!.n);

/** Polls until `ready` holds, then SIGKILLs payouts and waits for its supervisor to start it again. */
async function killPayoutsWhen(ready: () => Promise<boolean>) {
  const payouts = distributed.system().processes.payouts;
  for (const deadline = Date.now() + 120_000; !(await ready());) {
    if (Date.now() > deadline) throw new Error('the moment to kill never came');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const killed = payouts.pid;
  payouts.kill('SIGKILL');
  await payouts.waitReady({ previousPid: killed, timeoutMs: 120_000 });
}

interface Producer {
  client: ApiClient;
  userId: string;
  wallet: Hex;
}

async function producer(n: number): Promise<Producer> {
  const client = await signedInClient(
    devMailboxOf(distributed.system().url),
    `payee${n}${distributed.run}`,
    'prod',
  );
  const { userId } = (await client.post<{ userId: string }>('beatmatch_auth')).body;
  const wallet = getAddress(`0x${randomBytes(20).toString('hex')}`);
  expect((await client.post('save_address', { address: wallet, split: 50 })).status).toBe(200);
  const method = { method: 'prepaidCard', email: `payee${n}.${distributed.run}@example.com` };
  expect((await client.post('save_payout_method', method)).status).toBe(200);
  return { client, userId, wallet };
}

/** Commerce's sale of one beat of `producerId` last month, on Kafka as commerce's relay sends it. */
function saleOf(producerId: string, month: string): BeatPurchasedPayload {
  const id = randomBytes(8).toString('hex');
  return {
    purchaseId: `purchase-${id}`,
    orderId: `order-${id}`,
    beatId: `beat-${id}`,
    producerId,
    buyerId: 'buyer',
    buyerEmail: 'buyer@example.com',
    package: 'firstDate',
    amountCents: SALE_CENTS,
    feeCents: 150,
    currency: 'usd',
    purchasedAt: `${month}-10T12:00:00.000Z`,
  };
}

test('the $BEAT and fiat runs, their worker killed -9 mid-run, pay every producer exactly once, on chain and in fiat', async () => {
  const month = priorMonth(new Date());
  const producers = await Promise.all(Array.from({ length: PRODUCERS }, (_, n) => producer(n)));
  const bus = KafkaEventBus.fromBrokerList(requireEnv('KAFKA_BROKERS'), {
    clientId: `payouts-kill-${distributed.run}`,
    topicPrefix: distributed.topicPrefix,
  });
  try {
    for (const { userId } of producers) {
      const sale = saleOf(userId, month);
      await bus.publish(COMMERCE_TOPIC, [
        {
          key: sale.purchaseId,
          event: integrationEvent(beatPurchasedV1.type, 1, sale, new Date(sale.purchasedAt)),
        },
      ]);
    }
  } finally {
    await bus.close();
  }
  await waitFor(
    "the sales in payouts' ledger",
    async () =>
      (await count(`SELECT COUNT(*) AS n FROM payouts.ledger_transfers WHERE kind = 'sale'`)) === PRODUCERS,
    60_000,
  );

  const chain = createPublicClient({ transport: http(requireEnv('BEAT_CHAIN_RPC_URL')) });
  const temporal = await openTemporalClient({ address: requireEnv('TEMPORAL_ADDRESS') });
  try {
    const run = (kind: 'token' | 'fiat') =>
      temporal.client.workflow.start<typeof monthlyPayoutRun>('monthlyPayoutRun', {
        taskQueue,
        workflowId: `${taskQueue}-${kind}-by-hand`,
        args: [kind],
      });

    // $BEAT: killed once a transfer is mined while the batch is not yet recorded.
    const tokenRun = await run('token');
    // One connection for the polling: the window is a few transfers long.
    const poll = new Client({ connectionString: distributed.system().databaseUrlOf('payouts') });
    await poll.connect();
    try {
      await killPayoutsWhen(async () => {
        const { rows } = await poll.query<{ tx_hash: Hex | null; unrecorded: string }>(
          `SELECT (SELECT tx_hash FROM payouts.token_transactions WHERE kind = 'transfer' LIMIT 1),
                  (SELECT COUNT(*) FROM payouts.payouts WHERE kind = 'token' AND status = 'computed') AS unrecorded`,
        );
        const { tx_hash: sent, unrecorded } = rows[0]!;
        if (!sent || Number(unrecorded) !== PRODUCERS) return false;
        return Boolean(await chain.getTransactionReceipt({ hash: sent }).catch(() => null));
      });
    } finally {
      await poll.end();
    }
    expect(await tokenRun.result()).toMatchObject({ month, kind: 'token' });

    // Fiat: killed once the provider holds its first payout.
    const fiatRun = await run('fiat');
    await killPayoutsWhen(
      async () => (await count(`SELECT COUNT(*) AS n FROM payouts.local_provider_payouts`)) > 0,
    );
    expect(await fiatRun.result()).toMatchObject({ month, kind: 'fiat' });
  } finally {
    for (const kind of ['token', 'fiat'] as const)
      await temporal.client.schedule
        .getHandle(runScheduleId(kind, taskQueue))
        .delete()
        .catch(() => undefined);
    await temporal.close();
  }

  // On chain: each wallet holds exactly one transfer's tokens, from exactly one journalled transaction.
  const [token] = await query<{ recipient: Hex }>(
    `SELECT recipient FROM payouts.token_transactions WHERE kind = 'deploy' ORDER BY nonce DESC LIMIT 1`,
  );
  const transfers = await query<{ recipient: string; token_units: string; n: string }>(
    `SELECT recipient, MIN(token_units)::text AS token_units, COUNT(*)::text AS n
     FROM payouts.token_transactions WHERE kind = 'transfer' GROUP BY recipient`,
  );
  expect(transfers).toHaveLength(PRODUCERS);
  for (const { wallet } of producers) {
    const sent = transfers.find((row) => getAddress(row.recipient) === wallet)!;
    expect(sent.n).toBe('1');
    const balance = await chain.readContract({
      address: token!.recipient,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet],
    });
    expect(balance).toBe(BigInt(sent.token_units));
  }

  // Fiat and the ledger: one provider payout and one ledger transfer per payout, every wallet paid in full.
  expect(await count(`SELECT COUNT(*) AS n FROM payouts.local_provider_payouts`)).toBe(PRODUCERS);
  expect(await count(`SELECT COUNT(*) AS n FROM payouts.ledger_transfers WHERE kind = 'payout'`)).toBe(
    2 * PRODUCERS,
  );
  expect(await count(`SELECT COUNT(*) AS n FROM payouts.payouts WHERE status = 'computed'`)).toBe(0);
  for (const { client } of producers)
    expect((await client.post('get_wallet')).body).toMatchObject({ available: '0.00', paid: '20.00' });
  expect(distributed.unexpectedExits('payouts')).toEqual([]);
  expect(distributed.system().processes.payouts.starts).toBe(3);
});
