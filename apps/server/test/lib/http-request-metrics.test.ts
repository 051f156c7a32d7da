import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HttpRequestMetrics } from '../../src/lib/http-request-metrics.ts';

async function render(metrics: HttpRequestMetrics): Promise<string[]> {
  const registry = new Registry();
  for (const metric of metrics.metrics('test')) registry.registerMetric(metric);
  return (await registry.metrics()).split('\n');
}

describe('HttpRequestMetrics', () => {
  it('puts a duration in the first bucket whose bound it does not exceed, cumulatively, with the sum and count', async () => {
    const metrics = new HttpRequestMetrics();
    const jobs = metrics.forRoute('/api/jobs/:id');
    jobs.observe('GET', 200, 5); // exactly 5 ms: in le="0.005"
    jobs.observe('GET', 200, 5.1); // just above: in le="0.01"
    jobs.observe('GET', 200, 60_000); // beyond the last bound: only in +Inf
    jobs.observe('GET', 404, 1);

    const lines = await render(metrics);
    const series = 'method="GET",route="/api/jobs/:id",status_code="200"';
    expect(lines).toContain(`test_http_request_duration_seconds_bucket{${series},le="0.005"} 1`);
    expect(lines).toContain(`test_http_request_duration_seconds_bucket{${series},le="0.01"} 2`);
    expect(lines).toContain(`test_http_request_duration_seconds_bucket{${series},le="10"} 2`);
    expect(lines).toContain(`test_http_request_duration_seconds_bucket{${series},le="+Inf"} 3`);
    expect(lines).toContain(`test_http_request_duration_seconds_sum{${series}} 60.0101`);
    expect(lines).toContain(`test_http_request_duration_seconds_count{${series}} 3`);
    expect(lines).toContain(`test_http_requests_total{${series}} 3`);
    expect(lines).toContain(
      'test_http_requests_total{method="GET",route="/api/jobs/:id",status_code="404"} 1',
    );
    expect(lines).toContain('# TYPE test_http_request_duration_seconds histogram');
    expect(lines).toContain('# TYPE test_http_requests_total counter');
  });

  it('keeps one series per route, method and status however often the route is resolved', async () => {
    const metrics = new HttpRequestMetrics();
    metrics.forRoute('/a').observe('GET', 200, 1);
    metrics.forRoute('/a').observe('GET', 200, 1);
    metrics.forRoute('/a').observe('HEAD', 200, 1);
    const counts = (await render(metrics)).filter((line) => line.startsWith('test_http_requests_total{'));
    expect(counts).toEqual([
      'test_http_requests_total{method="GET",route="/a",status_code="200"} 2',
      'test_http_requests_total{method="HEAD",route="/a",status_code="200"} 1',
    ]);
  });
});
