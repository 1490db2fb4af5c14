import type { Admin } from 'kafkajs';
import { meter, perProvider } from '../telemetry/metrics';

export interface ObservedGroup {
  /** The group and its topics as the service names them. */
  group: string;
  topics: string[];
  /** The bus's topic prefix (KAFKA_TOPIC_PREFIX), in front of the names on the broker. */
  prefix: string;
}

/** Every Kafka bus of this process with the groups it subscribed, read at each scrape. */
const buses = new Map<object, { admin: () => Promise<Admin>; groups: Map<string, ObservedGroup> }>();

/**
 * How far each consumer group is behind its topics: the end offsets minus the committed ones, summed
 * over partitions, as beatmatch_consumer_lag{group,topic}. A group keeps being reported after its
 * consumer stopped or crashed, which is exactly when its lag grows.
 */
export async function consumerLag(admin: Admin, observed: ObservedGroup) {
  const { group, topics, prefix } = observed;
  const committed = await admin.fetchOffsets({
    groupId: `${prefix}${group}`,
    topics: topics.map((topic) => `${prefix}${topic}`),
  });
  const lags: Array<{ topic: string; lag: number }> = [];
  for (const { topic, partitions } of committed) {
    const ends = await admin.fetchTopicOffsets(topic);
    let lag = 0;
    for (const end of ends) {
      const at = partitions.find((partition) => partition.partition === end.partition)?.offset ?? '-1';
      // Nothing committed yet: the group starts from the earliest retained offset.
      lag += Number(end.high) - (Number(at) >= 0 ? Number(at) : Number(end.low));
    }
    lags.push({ topic: topic.slice(prefix.length), lag });
  }
  return lags;
}

const registerGauge = perProvider(() => {
  const gauge = meter().createObservableGauge('beatmatch_consumer_lag', {
    description: 'Messages a consumer group has not yet handled, by group and topic',
  });
  gauge.addCallback(async (result) => {
    for (const bus of buses.values()) {
      const admin = await bus.admin().catch(() => undefined);
      if (!admin) continue;
      for (const observed of bus.groups.values()) {
        const lags = await consumerLag(admin, observed).catch(() => []);
        for (const { topic, lag } of lags) result.observe(lag, { group: observed.group, topic });
      }
    }
  });
  return true;
});

/** Reports the lag of a bus's groups from now on; the returned function forgets the bus (on close). */
export function observeGroup(bus: object, admin: () => Promise<Admin>, observed: ObservedGroup) {
  const entry = buses.get(bus) ?? { admin, groups: new Map<string, ObservedGroup>() };
  entry.groups.set(observed.group, observed);
  buses.set(bus, entry);
  registerGauge();
  return () => void buses.delete(bus);
}
