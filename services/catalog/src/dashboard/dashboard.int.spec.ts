import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  apiCalls,
  COMMERCE_TOPIC,
  integrationEvent,
  MATCHMAKER_MESSAGES,
  MATCHMAKER_TOPIC,
  type IntegrationEvent,
} from '@beatmatch/contracts';
import { waitFor } from '@beatmatch/testing';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';
import { activityQuartersBackfillSql } from './projection';

/**
 * The producer dashboard on real PostgreSQL, fed through the bus as commerce and the matchmaker send:
 * a sale and its refund in different months, a play at 23:59 in the producer's zone, each caller
 * seeing only their own stats, bad input refused with the spec's message.
 */
const NOW = new Date('2026-11-03T12:00:00Z');
const ANN = randomUUID();
const BOB = randomUUID();
const NEW_YORK = 'America/New_York';
let bed: CatalogTestbed;
let catalog: CatalogService;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  bed = await catalogTestbed('dashboard');
  headers.ann = await bed.headers({ userId: ANN, userName: 'ann' });
  headers.bob = await bed.headers({ userId: BOB, userName: 'bob' });
  headers.visitor = await bed.headers();
  catalog = await bed.catalog({ clock: () => NOW });
  await catalog.start();
  await feed();
});
afterAll(() => bed?.close());

const sale = (purchaseId: string, amountCents: number, purchasedAt: string) =>
  integrationEvent(
    'commerce.BeatPurchased',
    1,
    {
      purchaseId,
      orderId: `o-${purchaseId}`,
      beatId: 'beat-1',
      producerId: ANN,
      buyerId: null,
      buyerEmail: `${purchaseId}@example.com`,
      package: 'firstDate',
      amountCents,
      feeCents: 100,
      currency: 'usd',
      purchasedAt,
    },
    new Date(purchasedAt),
  );
const refund = (purchaseId: string, amountCents: number, refundedAt: string) =>
  integrationEvent(
    'commerce.PurchaseRefunded',
    1,
    {
      purchaseId,
      orderId: `o-${purchaseId}`,
      beatId: 'beat-1',
      producerId: ANN,
      buyerId: null,
      amountCents,
      feeCents: 100,
      currency: 'usd',
      refundedAt,
    },
    new Date(refundedAt),
  );
const choice = (type: 'matchmaker.BeatPlayed' | 'matchmaker.BeatMatched', at: string, producerId = ANN) =>
  integrationEvent(
    type,
    1,
    { listenerId: 'l-1', userId: null, beatId: 'beat-1', producerId, at },
    new Date(at),
  );

const keyed = (events: IntegrationEvent[]) => events.map((event) => ({ key: 'beat-1', event }));

async function feed() {
  // 23:59 on 31 October in New York is already 1 November in UTC.
  const lateNightPlay = choice('matchmaker.BeatPlayed', '2026-11-01T03:59:00Z');
  await bed.bus.publish(
    COMMERCE_TOPIC,
    keyed([
      sale('p-october', 2000, '2026-10-20T15:00:00Z'),
      sale('p-november', 3000, '2026-11-02T15:00:00Z'),
      refund('p-october', 2000, '2026-11-02T16:00:00Z'),
    ]),
  );
  await bed.bus.publish(
    MATCHMAKER_TOPIC,
    keyed([
      lateNightPlay,
      lateNightPlay, // redelivered: counted once
      choice('matchmaker.BeatMatched', '2026-11-02T12:00:00Z'),
    ]),
  );
  await waitFor('the dashboard projection', async () => {
    const { rows } = await bed.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM ${bed.schema}.dashboard_activity)
            + (SELECT count(*) FROM ${bed.schema}.dashboard_sales WHERE refunded_at IS NOT NULL) AS n`,
    );
    return Number(rows[0]!.n) === 3;
  });
}

type DashboardCall =
  'last_month_stats' | 'current_month_stats' | 'stat_graph' | 'recent_customers' | 'dashboard_pioneer_status';
const call = (who: string, name: DashboardCall, body: object = {}) =>
  request(catalog.app).post(apiCalls[name].path).set(headers[who]!).send(body);

describe('producer dashboard (artist-side spec §2, §7, §9)', () => {
  it("takes a refund back in the month it was refunded in, and counts a 23:59 play in the producer's day", async () => {
    const last = await call('ann', 'last_month_stats', { timeZone: NEW_YORK });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ month: '2026-10', sales: '20.00', plays: 1, matches: 0, timeZone: NEW_YORK });
    const current = await call('ann', 'current_month_stats', { timeZone: NEW_YORK });
    expect(current.body).toEqual({
      month: '2026-11',
      sales: '10.00',
      plays: 0,
      matches: 1,
      timeZone: NEW_YORK,
    });
  });

  it('reads UTC months when the page sends no time zone', async () => {
    const current = await call('ann', 'current_month_stats');
    expect(current.body).toEqual({ month: '2026-11', sales: '10.00', plays: 1, matches: 1, timeZone: 'UTC' });
  });

  it("draws the last eight days of the producer's zone, today last", async () => {
    const graph = await call('ann', 'stat_graph', { timeZone: NEW_YORK });
    expect(graph.status).toBe(200);
    expect(graph.body.days.map((day: { day: string }) => day.day)).toEqual([
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    expect(graph.body.days[4]).toEqual({ day: '2026-10-31', sales: '0.00', plays: 1, matches: 0 });
    expect(graph.body.days[6]).toEqual({ day: '2026-11-02', sales: '10.00', plays: 0, matches: 1 });
  });

  it('lists the customers whose purchases stand, newest first', async () => {
    const customers = await call('ann', 'recent_customers');
    expect(customers.body.customers).toEqual([
      {
        purchaseId: 'p-november',
        customer: 'p-november@example.com',
        beatName: '',
        package: 'firstDate',
        amount: '30.00',
        purchasedAt: '2026-11-02T15:00:00Z',
      },
    ]);
  });

  it("shows another producer none of ann's stats", async () => {
    expect((await call('bob', 'current_month_stats', { timeZone: NEW_YORK })).body).toEqual({
      month: '2026-11',
      sales: '0.00',
      plays: 0,
      matches: 0,
      timeZone: NEW_YORK,
    });
    expect((await call('bob', 'recent_customers')).body).toEqual({ customers: [] });
    const graph = await call('bob', 'stat_graph');
    expect(
      graph.body.days.every((day: { plays: number; matches: number }) => day.plays + day.matches === 0),
    ).toBe(true);
    expect((await call('bob', 'dashboard_pioneer_status')).body).toEqual({
      pioneer: false,
      pioneerUploads: 0,
      lifetimeMember: false,
      milestone: 10_000,
    });
  });

  it("refuses an unknown time zone with the spec's message, and a visitor", async () => {
    const bad = await call('ann', 'stat_graph', { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MATCHMAKER_MESSAGES.timeZone);
    expect((await call('ann', 'last_month_stats', { timeZone: 42 })).status).toBe(400);
    // An alias the browser's zone list keeps but PostgreSQL's does not: read under its canonical name.
    const alias = await call('ann', 'current_month_stats', { timeZone: 'US/Pacific-New' });
    expect(alias.status).toBe(200);
    expect(alias.body.timeZone).toBe('America/Los_Angeles');
    expect((await call('visitor', 'recent_customers')).status).toBe(401);
  });

  it("counts plays per quarter hour, which every zone's days add up from (Kathmandu is UTC+5:45)", async () => {
    const carol = randomUUID();
    headers.carol = await bed.headers({ userId: carol, userName: 'carol' });
    // 23:55 on 2 November and 00:05 on 3 November in Kathmandu: one quarter hour apart.
    await bed.bus.publish(
      MATCHMAKER_TOPIC,
      keyed([
        choice('matchmaker.BeatPlayed', '2026-11-02T18:10:00Z', carol),
        choice('matchmaker.BeatPlayed', '2026-11-02T18:20:00Z', carol),
      ]),
    );
    const graph = async () => (await call('carol', 'stat_graph', { timeZone: 'Asia/Kathmandu' })).body;
    await waitFor('both plays', async () => (await graph()).days.at(-1).plays === 1);
    expect((await graph()).days.slice(-2)).toEqual([
      { day: '2026-11-02', sales: '0.00', plays: 1, matches: 0 },
      { day: '2026-11-03', sales: '0.00', plays: 1, matches: 0 },
    ]);

    // A store whose plays were kept before the counts existed gets them filled from the plays.
    await bed.db.exec(`DELETE FROM ${bed.schema}.dashboard_activity_quarters`);
    expect((await call('ann', 'current_month_stats')).body.plays).toBe(0);
    await bed.db.exec(activityQuartersBackfillSql(bed.schema));
    expect((await call('ann', 'current_month_stats')).body).toMatchObject({ plays: 1, matches: 1 });
    expect((await graph()).days.slice(-2).map((day: { plays: number }) => day.plays)).toEqual([1, 1]);
  });
});
