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
 * moves a producer's beats to the active crate (BeatCrateChanged through the outbox, once), an older
 * event arriving late changes nothing, and the matchmaker's choices count once per event id.
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

it('moves a producer’s beats to the active crate when a producer plan arrives, once, and ignores an older event', async () => {
  const producerId = randomUUID();
  const beatId = await publishedBeat(producerId);
  expect((await catalog.queries.beat(beatId))?.crate).toBe('inactive');

  const at = new Date();
  const subscribed = integrationEvent(
    'commerce.EntitlementsChanged',
    1,
    {
      ...FREE_ENTITLEMENTS,
      producerPlan: 'producer_professional',
      userId: producerId,
      changedAt: at.toISOString(),
    },
    at,
  );
  const older = integrationEvent(
    'commerce.EntitlementsChanged',
    1,
    { ...FREE_ENTITLEMENTS, userId: producerId, changedAt: new Date(at.getTime() - 60_000).toISOString() },
    at,
  );
  await publisher.publish(commerceTopic, [
    { key: producerId, event: subscribed },
    { key: producerId, event: subscribed }, // redelivered
    { key: producerId, event: older }, // late: the newer state stands
  ]);

  // Every one of them handled (the late one last, in its partition), then the crate is active.
  await waitFor(
    'the late event handled',
    async () => {
      const { rows } = await bed.db.query(
        `SELECT 1 FROM ${bed.schema}.processed_events WHERE event_id = $1`,
        [older.id],
      );
      return rows.length === 1;
    },
    20_000,
  );
  await catalog.crateSync.kick();
  expect((await catalog.queries.beat(beatId))?.crate).toBe('active');
  await waitFor(
    'the crate change relayed',
    async () => (await crateEvents(beatId)).every((row) => row.sent_at !== null),
    5_000,
  );
  await catalog.crateSync.kick();
  const events = await crateEvents(beatId);
  expect(events.map((row) => row.event.payload.crate)).toEqual(['active']);
  expect(await catalog.queries.uploadCount(producerId, new Date())).toBe(1);
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
