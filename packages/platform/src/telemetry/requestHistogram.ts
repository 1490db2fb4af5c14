import { ValueType, type HrTime } from '@opentelemetry/api';
import { hrTime } from '@opentelemetry/core';
import { emptyResource } from '@opentelemetry/resources';
import {
  AggregationTemporality,
  DataPointType,
  type CollectionResult,
  type DataPoint,
  type Histogram,
  type MetricProducer,
} from '@opentelemetry/sdk-metrics';

/** One series: a component's route, method and status class. */
interface Series {
  attributes: { component: string; route: string; method: string; status: string };
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, aggregated by the kit itself and handed to the Prometheus exporter as
 * a MetricProducer (the SDK's own extension point for metrics made outside its instruments).
 *
 * Why not an SDK histogram: it is recorded once per request in every component, and the SDK looks a
 * record's series up by hashing its attributes object (a sorted JSON string each time), about as much CPU
 * as the rest of the request's telemetry outside a kept trace. Here a series is found by a key made of
 * its four values, and a record is a few additions (no min and max: Prometheus's format has none). What
 * Prometheus reads is the same: `_bucket` by `le`, `_sum` and `_count`, with the same labels and bucket
 * bounds (metrics.unit.spec.ts reads it).
 */
export class RequestHistogram implements MetricProducer {
  private readonly series = new Map<string, Series>();
  private readonly startTime: HrTime = hrTime();

  constructor(
    private readonly name: string,
    private readonly description: string,
    /** Inclusive upper bounds, ascending, as OpenTelemetry's explicit buckets (one more bucket above). */
    private readonly boundaries: readonly number[],
  ) {}

  record(component: string, route: string, method: string, status: string, seconds: number) {
    const key = `${component}\u0000${route}\u0000${method}\u0000${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        attributes: { component, route, method, status },
        counts: new Array<number>(this.boundaries.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.boundaries.length && seconds > this.boundaries[bucket]!) bucket++;
    series.counts[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** Cumulative since the histogram was made, as the SDK's own histograms are for Prometheus. */
  collect(): Promise<CollectionResult> {
    const endTime = hrTime();
    const dataPoints: DataPoint<Histogram>[] = [...this.series.values()].map((series) => ({
      startTime: this.startTime,
      endTime,
      attributes: { ...series.attributes },
      value: {
        buckets: { boundaries: [...this.boundaries], counts: [...series.counts] },
        sum: series.sum,
        count: series.count,
      },
    }));
    return Promise.resolve({
      // The reader keeps its SDK's resource and takes only the scope metrics from a producer.
      resourceMetrics: {
        resource: emptyResource(),
        scopeMetrics: [
          {
            scope: { name: 'beatmatch' },
            metrics: dataPoints.length
              ? [
                  {
                    descriptor: {
                      name: this.name,
                      description: this.description,
                      unit: '',
                      valueType: ValueType.DOUBLE,
                    },
                    aggregationTemporality: AggregationTemporality.CUMULATIVE,
                    dataPointType: DataPointType.HISTOGRAM,
                    dataPoints,
                  },
                ]
              : [],
          },
        ],
      },
      errors: [],
    });
  }
}
