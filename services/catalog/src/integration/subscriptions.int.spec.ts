import { randomUUID } from 'node:crypto';
import {
  COMMERCE_TOPIC,
  FREE_ENTITLEMENTS,
  integrationEvent,
  MATCHMAKER_TOPIC,
  type BeatDna,
} from '@beatmatch/contracts';
import type { KafkaEventBus } from '@beatmatch/platform';
import { waitFor } from '@beatmatch/testing';
import { catalogTestbed, type CatalogService, type CatalogTestbed } from '../testing/harness';

/**
 * The catalog's subscriptions on the real bus (Kafka) and PostgreSQL: commerce's EntitlementsChanged
 * moves the beats past the plan's cap between the crates (BeatCrateChanged through the outbox, once),
 * an older event arriving late changes nothing, and the matchmaker's choices count once per event id.
 */
const commerceTopic = `${COMMERCE_TOPIC}-catalog-test-${randomUUID()}`;
const matchmakerTopic = `${MATCHMAKER_TOPIC}-catalog-test-${randomUUID()}`;
let bed: CatalogTestbed;
let publisher: KafkaEventBus;
let catalog: CatalogService;

beforeAll(async () => {
  bed = await catalogTestbed('subs');
  publisher = bed.kafka('commerce-test');
  catalog = await bed.catalog({
    bus: bed.kafka('catalog-test'),
    relayPollMs: 100,
    crateSyncPollMs: 60_000,
    consumer: `catalog-test-${randomUUID()}`,
    topics: [commerceTopic, matchmakerTopic],
  });
  await catalog.start();
});
afterAll(() => bed?.close());

const dna = { version: 't', embedding: [1] } as unknown as BeatDna;

async function publishedBeat(producerId: string) {
  const beatId = randomUUID();
  const { commands } = catalog;
  await commands.draftBeat({
    beatId,
    producerId,
    producerName: 'p',
    name: 'Beat',
    kind: 'beatBattle',
    prices: { firstDate: 0, relationship: 0, marriage: null },
  });
  await commands.recordFile(beatId, 'mp3', `wavs_and_mp3s/${beatId}.mp3`, 10);
  await commands.receiveFiles(beatId, { name: 'Beat', zipUploaded: false, cover: null });
  await commands.completeAnalysis(beatId, { dna });
  return beatId;
}

const crateEvents = async (beatId: string) => {
  const { rows } = await bed.db.query<{ event: { payload: { crate: string } }; sent_at: Date | null }>(
    `SELECT event, sent_at FROM ${bed.schema}.outbox WHERE event->>'type' = 'catalog.BeatCrateChanged' AND message_key = $1`,
    [beatId],
  );
  return rows;
};

const entitlementsAt = (producerId: string, at: Date, producerPlan: 'producer_professional' | null) =>
  integrationEvent(
    'commerce.EntitlementsChanged',
    1,
    { ...FREE_ENTITLEMENTS, producerPlan, userId: producerId, changedAt: at.toISOString() },
    at,
  );

const handled = (eventId: string) =>
  waitFor(
    'the event handled',
    async () => {
      const { rows } = await bed.db.query(
        `SELECT 1 FROM ${bed.schema}.processed_events WHERE event_id = $1`,
        [eventId],
      );
      return rows.length === 1;
    },
    20_000,
  );

const cratesOf = async (beatIds: string[]) => {
  await catalog.crateSync.kick();
  return Promise.all(beatIds.map(async (beatId) => (await catalog.queries.beat(beatId))?.crate));
};

it('keeps a free producer’s three uploads active (artists hear them)', async () => {
  const producerId = randomUUID();
  const beats = [
    await publishedBeat(producerId),
    await publishedBeat(producerId),
    await publishedBeat(producerId),
  ];
  expect(await cratesOf(beats)).toEqual(['active', 'active', 'active']);
});

it('moves the beats past the free cap to the inactive crate when a plan ends (newest stay), and back on a new plan', async () => {
  const producerId = randomUUID();
  const start = Date.now();
  const subscribed = entitlementsAt(producerId, new Date(start), 'producer_professional');
  await publisher.publish(commerceTopic, [{ key: producerId, event: subscribed }]);
  await handled(subscribed.id);
  const beats: string[] = [];
  for (let n = 0; n < 5; n += 1) beats.push(await publishedBeat(producerId));
  expect(await cratesOf(beats)).toEqual(['active', 'active', 'active', 'active', 'active']);

  const ended = entitlementsAt(producerId, new Date(start + 1000), null);
  const older = entitlementsAt(producerId, new Date(start - 60_000), 'producer_professional');
  await publisher.publish(commerceTopic, [
    { key: producerId, event: ended },
    { key: producerId, event: ended }, // redelivered
    { key: producerId, event: older }, // late: the newer state stands
  ]);
  await handled(older.id);
  expect(await cratesOf(beats)).toEqual(['inactive', 'inactive', 'active', 'active', 'active']);

  const again = entitlementsAt(producerId, new Date(start + 2000), 'producer_professional');
  await publisher.publish(commerceTopic, [{ key: producerId, event: again }]);
  await handled(again.id);
  expect(await cratesOf(beats)).toEqual(['active', 'active', 'active', 'active', 'active']);
  await waitFor(
    'the crate changes relayed',
    async () => (await crateEvents(beats[0]!)).every((row) => row.sent_at !== null),
    5_000,
  );
  await catalog.crateSync.kick();
  expect((await crateEvents(beats[0]!)).map((row) => row.event.payload.crate)).toEqual([
    'inactive',
    'active',
  ]);
  expect((await crateEvents(beats[4]!)).map((row) => row.event.payload.crate)).toEqual([]);
});

it('counts a match once per event id', async () => {
  const beatId = await publishedBeat(randomUUID());
  const matched = integrationEvent(
    'matchmaker.BeatMatched',
    1,
    { listenerId: 'l', userId: null, beatId, producerId: 'p', at: new Date().toISOString() },
    new Date(),
  );
  const passed = integrationEvent(
    'matchmaker.BeatPassed',
    1,
    { listenerId: 'l2', userId: null, beatId, producerId: 'p', at: new Date().toISOString() },
    new Date(),
  );
  await publisher.publish(matchmakerTopic, [
    { key: beatId, event: matched },
    { key: beatId, event: matched },
    { key: beatId, event: passed },
  ]);
  await waitFor(
    'the pass counted',
    async () => (await catalog.queries.beat(beatId))?.stats.passes === 1,
    20_000,
  );
  expect((await catalog.queries.beat(beatId))?.stats).toEqual({ matches: 1, passes: 1, purchases: 0 });
});
