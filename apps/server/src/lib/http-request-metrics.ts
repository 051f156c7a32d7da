import type { Metric, MetricValueWithName } from 'prom-client';

/** Upper bounds of the duration buckets, in seconds (prom-client's defaults). */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The route label of a request no route matched (any address answered by the 404 path). */
export const UNMATCHED_ROUTE = 'unmatched';

type RequestLabels = { method: string; route: string; status_code: string };

interface Series {
  labels: RequestLabels;
  /** Requests per bucket, not cumulative; the last one is +Inf. */
  buckets: Float64Array;
  sumSeconds: number;
  count: number;
}

/** The series of one route pattern, by method and status code. */
export interface RouteRequestMetrics {
  observe(method: string, statusCode: number, milliseconds: number): void;
}

/**
 * Request counts and durations by route pattern, method and status code, observed on every
 * response. prom-client's Histogram builds a labels object, validates it and joins a key string
 * on every observe (about 3 µs each on the reference machine, a tenth of a liveness check);
 * here each route pattern resolves its series once, through maps keyed by the strings the
 * request already has, so an observation is a few lookups and additions (about 0.1 µs) and
 * allocates nothing after a series' first request. prom-client's registry renders them at
 * scrape time, as `<prefix>_http_request_duration_seconds` (a histogram) and
 * `<prefix>_http_requests_total` (a counter of the same requests).
 */
export class HttpRequestMetrics {
  private readonly routes = new Map<string, Map<string, Map<number, Series>>>();

  forRoute(route: string): RouteRequestMetrics {
    let byMethod = this.routes.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.routes.set(route, byMethod);
    }
    const methods = byMethod;
    return {
      observe(method, statusCode, milliseconds) {
        let byStatus = methods.get(method);
        if (!byStatus) {
          byStatus = new Map();
          methods.set(method, byStatus);
        }
        let series = byStatus.get(statusCode);
        if (!series) {
          series = {
            labels: { method, route, status_code: String(statusCode) },
            buckets: new Float64Array(HTTP_DURATION_BUCKETS.length + 1),
            sumSeconds: 0,
            count: 0,
          };
          byStatus.set(statusCode, series);
        }
        const seconds = milliseconds / 1000;
        let bucket = 0;
        for (const bound of HTTP_DURATION_BUCKETS) {
          if (seconds <= bound) break;
          bucket += 1;
        }
        series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
        series.sumSeconds += seconds;
        series.count += 1;
      },
    };
  }

  /** The two metrics to register with a prom-client Registry. */
  metrics(prefix: string): Metric[] {
    const durationName = `${prefix}_http_request_duration_seconds`;
    const duration = {
      name: durationName,
      help: 'Duration of HTTP requests in seconds, by route pattern, method and status code',
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({
        name: durationName,
        help: duration.help,
        type: 'histogram',
        aggregator: 'sum',
        values: [...this.series()].flatMap((series) => histogramValues(durationName, series)),
      }),
      reset: () => this.routes.clear(),
    };
    const requestsName = `${prefix}_http_requests_total`;
    const requests = {
      name: requestsName,
      help: 'HTTP requests answered, by route pattern, method and status code',
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        name: requestsName,
        help: requests.help,
        type: 'counter',
        aggregator: 'sum',
        values: [...this.series()].map((series) => ({ labels: series.labels, value: series.count })),
      }),
      reset: () => this.routes.clear(),
    };
    return [duration, requests] as unknown as Metric[];
  }

  private *series(): Iterable<Series> {
    for (const byMethod of this.routes.values()) {
      for (const byStatus of byMethod.values()) yield* byStatus.values();
    }
  }
}

function histogramValues(name: string, series: Series): MetricValueWithName<string>[] {
  const values: MetricValueWithName<string>[] = [];
  let cumulative = 0;
  HTTP_DURATION_BUCKETS.forEach((bound, index) => {
    cumulative += series.buckets[index] ?? 0;
    values.push({ metricName: `${name}_bucket`, labels: { ...series.labels, le: bound }, value: cumulative });
  });
  values.push({
    metricName: `${name}_bucket`,
    labels: { ...series.labels, le: '+Inf' },
    value: series.count,
  });
  values.push({ metricName: `${name}_sum`, labels: series.labels, value: series.sumSeconds });
  values.push({ metricName: `${name}_count`, labels: series.labels, value: series.count });
  return values;
}
