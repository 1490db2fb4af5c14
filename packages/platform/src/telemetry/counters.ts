import { metrics, type Attributes } from '@opentelemetry/api';

/**
 * A counter operators read as a metric. It is an OpenTelemetry counter on the global meter provider,
 * looked up at each increment: instruments made before a provider is registered would stay no-ops,
 * and no provider is registered yet (the operations issue adds the metrics endpoint, which registers
 * one at start; from then on every counter made here is exported, by its name, with no change here).
 */
export function createCounter(name: string, description: string) {
  return {
    add(attributes: Attributes = {}, value = 1) {
      metrics.getMeter('beatmatch').createCounter(name, { description }).add(value, attributes);
    },
  };
}
export type Counter = ReturnType<typeof createCounter>;
