/** D20: GET /metrics, Prometheus' text format, only with SLEEVE_METRICS=1; over the demo catalogue. */
import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../../core/wiring/config.ts';
import { createSleeve, type Sleeve, type SleeveOptions } from '../../../core/index.ts';
import { escapeLabel, Exposition, labelSet, PROMETHEUS_CONTENT_TYPE } from '../../../core/observe/exposition.ts';
import { createMetrics, DURATION_BUCKETS } from '../../../core/observe/metrics.ts';

const UA = { 'User-Agent': 'metrics-test/1.0 (metrics@example.com)' };
const quiet = { info: () => {}, error: () => {} };

function make(options: SleeveOptions = {}): Sleeve {
  return createSleeve({ log: quiet, ...options });
}

const get = (sleeve: Sleeve, path: string, init: RequestInit = {}, clientIp = '203.0.113.7') =>
  sleeve.fetch(new Request(`http://sleeve.test${path}`, { ...init, headers: { ...UA, ...init.headers } }), {
    clientIp,
  });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every line checked against the format; samples parsed (label values unescaped). */
function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  expect(text.endsWith('\n')).toBe(true);
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ')) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*)\})? (\S+)$/.exec(line);
    expect(sample, `not a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, name, value] of (sample![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const value = sample![3] === '+Inf' ? Infinity : Number(sample![3]);
    expect(Number.isNaN(value), line).toBe(false);
    const family = sample![1]!.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(sample![1]!) || types.get(family) === 'histogram', `${sample![1]} before its TYPE`).toBe(true);
    samples.push({ name: sample![1]!, labels, value });
  }
  return { samples, types };
}

const sampleValue = (samples: Sample[], name: string, labels: Record<string, string>): number | undefined =>
  samples.find(
    (s) =>
      s.name === name &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v) &&
      Object.keys(s.labels).length === Object.keys(labels).length,
  )?.value;

async function scrape(sleeve: Sleeve): Promise<Sample[]> {
  const res = await sleeve.fetch(
    new Request('http://sleeve.test/metrics', { headers: { 'User-Agent': 'Prometheus/2.53.0' } }),
  );
  expect(res.status).toBe(200);
  return parse(await res.text()).samples;
}

describe('/metrics (D20)', () => {
  it('is off by default: /metrics is the ordinary 404 for any method and prefix, and nothing is counted', async () => {
    const sleeve = make();
    expect(sleeve.deps.metrics).toBeUndefined();
    for (const [path, method] of [
      ['/metrics', 'GET'],
      ['/metrics', 'POST'],
      ['/v2.5.0/metrics', 'GET'],
    ] as const) {
      const res = await get(sleeve, path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      // The catch-all's answer, in the version's shape (pins below 3.0.0: `{ "error": "<message>" }`).
      const body = await res.json();
      expect(body.error.message ?? body.error).toMatch(/^No endpoint at \/metrics\./);
    }
  });

  it('is on with the metrics option or SLEEVE_METRICS=1: text format, no-store, public, never rate limited, not batchable', async () => {
    for (const sleeve of [
      make({ metrics: true, rateLimits: 0.01 }),
      make({ ...optionsFromEnv({ SLEEVE_METRICS: '1', SLEEVE_RATE_LIMITS: '0.01' }).options }),
    ]) {
      for (let i = 0; i < 5; i++) {
        const res = await sleeve.fetch(
          new Request('http://sleeve.test/metrics', { headers: { 'User-Agent': 'Prometheus/2.53.0' } }),
          { clientIp: '10.0.0.9' },
        );
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('ratelimit-limit')).toBeNull();
        expect(res.headers.get('x-request-id')).toBeTruthy();
      }
      const head = await sleeve.fetch(new Request('http://sleeve.test/metrics', { method: 'HEAD' }));
      expect(head.status).toBe(200);
      const batch = await get(sleeve, '/batch', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ requests: [{ path: '/metrics' }] }),
      });
      expect((await batch.json()).responses['0']).toMatchObject({ status: 400 });
    }
    expect(optionsFromEnv({ SLEEVE_METRICS: '0' }).options.metrics).toBe(false);
  });

  it('counts requests by endpoint, method and status, cache states and 429s, under the declared path', async () => {
    // /search/all allows 60 a minute: scaled to 2, the third request of one client is a 429. The clock
    // stands mid-window, so the three requests never fall either side of a minute (the windows are fixed).
    const sleeve = make({ metrics: true, rateLimits: 2 / 60, now: () => Date.UTC(2026, 10, 22, 12, 0, 15) });
    expect((await get(sleeve, '/search/all?query=love')).headers.get('x-cache')).toBe('MISS');
    expect((await get(sleeve, '/v2.5.0/search/all?query=love')).headers.get('x-cache')).toBe('HIT');
    expect((await get(sleeve, '/search/all?query=love')).status).toBe(429);
    await get(sleeve, '/hot-tracks', {}, '203.0.113.8');
    await get(sleeve, '/no/such/path?query=secret');
    await get(sleeve, '/editorial/genres', { method: 'DELETE' });
    await get(sleeve, '/editorial/genres', { method: 'BREW' });
    const samples = await scrape(sleeve);
    const requests = (route: string, method: string, status: string) =>
      sampleValue(samples, 'sleeve_requests_total', { route, method, status });
    expect(requests('/search/all', 'GET', '200')).toBe(2);
    expect(requests('/search/all', 'GET', '429')).toBe(1);
    expect(requests('/track/hot', 'GET', '200')).toBe(1);
    expect(requests('unmatched', 'GET', '404')).toBe(1);
    expect(requests('/editorial/genres', 'DELETE', '405')).toBe(1);
    expect(requests('/editorial/genres', 'other', '405')).toBe(1);
    expect(sampleValue(samples, 'sleeve_cache_total', { route: '/search/all', state: 'hit' })).toBe(1);
    expect(sampleValue(samples, 'sleeve_cache_total', { route: '/search/all', state: 'miss' })).toBe(1);
    expect(sampleValue(samples, 'sleeve_cache_total', { route: '/search/all', state: 'stale' })).toBe(0);
    expect(sampleValue(samples, 'sleeve_rate_limited_total', { route: '/search/all' })).toBe(1);
    expect(sampleValue(samples, 'sleeve_rate_limited_total', { route: '/track/hot' })).toBe(0);
    expect(sampleValue(samples, 'sleeve_request_duration_seconds_count', { route: '/search/all' })).toBe(3);
    expect(sampleValue(samples, 'sleeve_info', { version: '3.0.0', mode: 'demo' })).toBe(1);
    expect(sampleValue(samples, 'process_start_time_seconds', {})).toBeGreaterThan(1.7e9);
    // Labels are the route table, never what was asked.
    expect(
      samples.every(
        (s) => !JSON.stringify(s.labels).includes('secret') && !JSON.stringify(s.labels).includes('/no/such'),
      ),
    ).toBe(true);
  });

  it('/batch sub-requests count under their own endpoint, and the batch under /batch', async () => {
    const sleeve = make({ metrics: true, rateLimits: 'off' });
    await get(sleeve, '/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests: [{ path: '/editorial/genres' }, { path: '/editorial/genres' }] }),
    });
    const samples = await scrape(sleeve);
    expect(sampleValue(samples, 'sleeve_requests_total', { route: '/batch', method: 'POST', status: '200' })).toBe(1);
    expect(
      sampleValue(samples, 'sleeve_requests_total', { route: '/editorial/genres', method: 'GET', status: '200' }),
    ).toBe(2);
  });

  it('the duration histogram is well formed: cumulative buckets up to +Inf, then _sum and _count', async () => {
    const sleeve = make({ metrics: true, rateLimits: 'off' });
    for (const path of ['/editorial/genres', '/editorial/genres', '/search/all?query=love', '/no/such'])
      await get(sleeve, path);
    const res = await sleeve.fetch(new Request('http://sleeve.test/metrics'));
    const { samples, types } = parse(await res.text());
    expect(types.get('sleeve_request_duration_seconds')).toBe('histogram');
    const routes = [
      ...new Set(
        samples.filter((s) => s.name === 'sleeve_request_duration_seconds_count').map((s) => s.labels['route']!),
      ),
    ];
    expect(routes.sort()).toEqual(['/editorial/genres', '/search/all', 'unmatched']);
    for (const route of routes) {
      const buckets = samples.filter(
        (s) => s.name === 'sleeve_request_duration_seconds_bucket' && s.labels['route'] === route,
      );
      expect(buckets.map((b) => b.labels['le'])).toEqual([...DURATION_BUCKETS.map(String), '+Inf']);
      for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
      const count = sampleValue(samples, 'sleeve_request_duration_seconds_count', { route })!;
      expect(buckets.at(-1)!.value).toBe(count);
      const sum = sampleValue(samples, 'sleeve_request_duration_seconds_sum', { route })!;
      expect(sum).toBeGreaterThan(0);
      expect(sum).toBeLessThan(count * 5);
    }
    expect(sampleValue(samples, 'sleeve_request_duration_seconds_count', { route: '/editorial/genres' })).toBe(2);
  });

  it('a bucket holds what is at most its bound', () => {
    const metrics = createMetrics({ version: '3.0.0', mode: 'demo', startedAt: 0, budgets: () => new Map() });
    for (const seconds of [0.0005, 0.0006, 5, 7]) metrics.request('/r', 'GET', 200, seconds, null);
    const { samples } = parse(metrics.render());
    const bucket = (le: string) => sampleValue(samples, 'sleeve_request_duration_seconds_bucket', { route: '/r', le });
    expect([bucket('0.0005'), bucket('0.001'), bucket('2.5'), bucket('5'), bucket('+Inf')]).toEqual([1, 2, 2, 3, 4]);
    expect(sampleValue(samples, 'sleeve_request_duration_seconds_sum', { route: '/r' })).toBeCloseTo(12.0011, 6);
  });

  it('escapes label values: backslash, double quote and line feed', () => {
    expect(escapeLabel('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    expect(labelSet({})).toBe('');
    expect(labelSet({ host: 'x"y', le: '+Inf' })).toBe('{host="x\\"y",le="+Inf"}');
    const metrics = createMetrics({ version: '3.0.0', mode: 'live', startedAt: 0, budgets: () => new Map() });
    metrics.upstreamCall('we"ird\nhost\\');
    const text = metrics.render();
    expect(text).toContain('sleeve_upstream_calls_total{upstream="we\\"ird\\nhost\\\\"} 1\n');
    expect(sampleValue(parse(text).samples, 'sleeve_upstream_calls_total', { upstream: 'we"ird\nhost\\' })).toBe(1);
    const help = new Exposition().family('x_total', 'counter', 'two\nlines \\ here').text();
    expect(help).toBe('# HELP x_total two\\nlines \\\\ here\n# TYPE x_total counter\n');
  });
});
