import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beatRenamedV1, type IntegrationEvent } from '@beatmatch/contracts';
import {
  brokersFromEnv,
  deleteRunTopics,
  fastConsumerTimings,
  testEvent,
  uniqueName,
  waitFor,
} from '@beatmatch/testing';
import { openPglite } from '../sql/pglite';
import type { SqlDatabase } from '../sql/port';
import { createLogger } from '../logging/logger';
import { on, subscribeToContracts } from '../runtime/subscriptions';
import { KafkaEventBus } from './kafka';
import type { Subscription } from './port';

/**
 * Runs that share one Kafka (a developer's distributed run and the test suites) are kept apart by the
 * topic prefix, and a refused integration event is parked on its group's dead-letter topic, where
 * scripts/dead-letters.ts lists it and replays it.
 */
const root = path.resolve(__dirname, '../../../..');
const run = promisify(execFile);
const brokers = brokersFromEnv();
const logger = createLogger('dead-letters-test', 'silent');
const busOf = (topicPrefix: string) =>
  KafkaEventBus.fromBrokerList(
    brokers.join(','),
    { clientId: 'dead-letters-test', logger, consumer: fastConsumerTimings },
    {
      KAFKA_TOPIC_PREFIX: topicPrefix,
    },
  );

async function deadLetters(topicPrefix: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/dead-letters.ts', ...args], {
    cwd: root,
    env: { ...process.env, KAFKA_BROKERS: brokers.join(','), KAFKA_TOPIC_PREFIX: topicPrefix },
  });
  return stdout;
}

describe('Kafka runs and dead letters', () => {
  const buses: KafkaEventBus[] = [];
  const subscriptions: Subscription[] = [];
  let db: SqlDatabase | undefined;

  afterAll(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await Promise.all(buses.map((bus) => bus.close()));
    await db?.close();
    await deleteRunTopics(brokers);
  });

  it("a run never sees another run's events on a topic of the same name", async () => {
    const [mine, theirs] = [busOf(`${uniqueName('run-a')}.`), busOf(`${uniqueName('run-b')}.`)];
    buses.push(mine, theirs);
    const seen: Record<'mine' | 'theirs', Array<{ id: string; topic: string }>> = { mine: [], theirs: [] };
    for (const [name, bus] of [
      ['mine', mine],
      ['theirs', theirs],
    ] as const)
      subscriptions.push(
        await bus.subscribe({
          groupId: 'identity.catalog-projection',
          topics: ['catalog'],
          handle: async (event, context) => void seen[name].push({ id: event.id, topic: context.topic }),
        }),
      );
    const event = testEvent('catalog.BeatRenamed', {
      beatId: 'b1',
      name: 'Night Drive',
      renamedAt: new Date().toISOString(),
    });
    await mine.publish('catalog', [{ key: 'b1', event }]);
    await waitFor('the publishing run consumes its event', () => seen.mine.length === 1);
    expect(seen.mine).toEqual([{ id: event.id, topic: 'catalog' }]);
    // Time for the other run to have seen it, were topics shared.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen.theirs).toEqual([]);
  });

  it('parks a refused integration event on the dead-letter topic; the command lists it and replays it', async () => {
    const prefix = `${uniqueName('run-c')}.`;
    const bus = busOf(prefix);
    buses.push(bus);
    db = await openPglite();
    const handled: IntegrationEvent[] = [];
    subscriptions.push(
      await subscribeToContracts({
        bus,
        db,
        schema: 'deadletters',
        consumer: 'identity.catalog-projection',
        topics: ['catalog'],
        handlers: [on(beatRenamedV1, async (event) => void handled.push(event))],
        logger,
      }),
    );
    const foreign = testEvent('catalog.BeatRenamed', { beatId: 'b2', name: 42 });
    const good = testEvent('catalog.BeatRenamed', {
      beatId: 'b3',
      name: 'Ok',
      renamedAt: new Date().toISOString(),
    });
    await bus.publish('catalog', [
      { key: 'b2', event: foreign },
      { key: 'b3', event: good },
    ]);
    await waitFor('the valid event after the refused one is handled', () => handled.length === 1);

    const listed = await deadLetters(prefix, 'list');
    expect(listed).toContain(`identity.catalog-projection\t`);
    expect(listed).toContain(`catalog.BeatRenamed\t${foreign.id}\t${prefix}catalog/`);
    expect(listed).toContain('integration event refused (invalid)');
    expect(listed).toContain('1 parked message(s)');
    // Another run's list does not show it.
    expect(await deadLetters(`${uniqueName('run-d')}.`, 'list')).toContain('0 parked message(s)');

    const seenAgain: string[] = [];
    subscriptions.push(
      await bus.subscribe({
        groupId: uniqueName('replay-watch'),
        topics: ['catalog'],
        fromBeginning: false,
        handle: async (event) => void seenAgain.push(event.id),
      }),
    );
    expect(await deadLetters(prefix, 'replay', 'identity.catalog-projection')).toContain('1 message(s)');
    await waitFor('the replayed event is back on its topic', () => seenAgain.includes(foreign.id));
    // Still refused, it is parked again; the next replay sends only that new copy, not the first again.
    await waitFor('the refused event is parked again', async () =>
      (await deadLetters(prefix, 'list')).includes('2 parked'),
    );
    expect(await deadLetters(prefix, 'replay', 'identity.catalog-projection')).toContain('1 message(s)');
  });
});
