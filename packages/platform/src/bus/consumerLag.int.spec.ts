import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  brokersFromEnv,
  deleteRunTopics,
  fastConsumerTimings,
  testEvent,
  uniqueName,
  waitFor,
} from '@beatmatch/testing';
import { KafkaEventBus } from './kafka';
import { startMetrics } from '../telemetry/metrics';
import { evaluateComparison, parsePrometheusText } from '../telemetry/promText';

/*
 * A consumer that stops falls behind: its group's lag shows on the ops listener and the
 * ConsumerLagging alert's expression (deploy/prometheus/rules.yml) holds; once a consumer of the group
 * runs again, the lag drains and the expression no longer holds.
 */
jest.setTimeout(90_000);
const brokers = brokersFromEnv();

const rules = parse(
  readFileSync(path.join(__dirname, '../../../../deploy/prometheus/rules.yml'), 'utf8'),
) as {
  groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
};
const lagging = rules.groups
  .flatMap((group) => group.rules)
  .find((rule) => rule.alert === 'ConsumerLagging')!;
const threshold = Number(/>\s*(\d+)/.exec(lagging.expr)![1]);

let metricsHandle: Awaited<ReturnType<typeof startMetrics>>;
const bus = new KafkaEventBus({ brokers, clientId: 'lag-test', consumer: fastConsumerTimings });
beforeAll(async () => (metricsHandle = await startMetrics({ port: 0 })));
afterAll(async () => {
  await bus.close();
  await metricsHandle.stop();
  await deleteRunTopics(brokers);
});

const scrape = async () => parsePrometheusText(await (await fetch(metricsHandle.url)).text());

it("shows a stopped consumer's lag and fires ConsumerLagging until the group catches up", async () => {
  const topic = uniqueName('lag.topic');
  const group = uniqueName('lag.group');
  const handled = new Set<string>();
  const subscribe = () =>
    bus.subscribe({ groupId: group, topics: [topic], handle: async (event) => void handled.add(event.id) });
  const first = await subscribe();
  await bus.publish(topic, [{ key: 'k', event: testEvent('test.Lag', { n: 0 }) }]);
  await waitFor('the first event handled and committed', async () => {
    const lag = evaluateComparison(`beatmatch_consumer_lag{group="${group}"} == 0`, await scrape());
    return handled.size === 1 && lag.length === 1;
  });

  await first.stop();
  const backlog = Array.from({ length: threshold + 1 }, (_, n) => ({
    key: `k${n % 7}`,
    event: testEvent('test.Lag', { n }),
  }));
  await bus.publish(topic, backlog);
  const behind = (await scrape()).find(
    (s) => s.name === 'beatmatch_consumer_lag' && s.labels.group === group,
  );
  expect(behind).toMatchObject({ labels: { topic }, value: threshold + 1 });
  expect(evaluateComparison(lagging.expr, await scrape()).map((s) => s.labels.group)).toContain(group);

  await subscribe();
  await waitFor(
    'the group caught up',
    async () => {
      const firing = evaluateComparison(lagging.expr, await scrape()).map((s) => s.labels.group);
      const lag = evaluateComparison(`beatmatch_consumer_lag{group="${group}"} == 0`, await scrape());
      return !firing.includes(group) && lag.length === 1;
    },
    60_000,
  );
  expect(handled.size).toBe(threshold + 2);
});
