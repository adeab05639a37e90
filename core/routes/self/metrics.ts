/**
 * @module
 * `GET /metrics` (D20): Prometheus' text exposition of what this instance counted, served only
 * with `SLEEVE_METRICS=1` (otherwise `createSleeve` leaves the route out and the path is an
 * ordinary 404). Public, since scrapers send `Prometheus/2.x` and no e-mail; not rate
 * limited, so a scrape is never refused; `no-store`; not batchable. What it shows is for the
 * operator: keep it off the public internet at the proxy.
 */
import { defineEndpoint } from '../../http/endpoint.ts';
import { notFound } from '../../http/layers/version-prefix.ts';
import { PROMETHEUS_CONTENT_TYPE } from '../../observe/exposition.ts';

export const metrics = defineEndpoint({
  path: '/metrics',
  monitoring: true,
  summary:
    'Prometheus metrics of this instance (requests, durations, cache, rate limits, upstream calls); only with SLEEVE_METRICS=1.',
  public: true,
  batchable: false,
  cache: 'no-store',
  response: {
    media: ['text/plain'],
    description: `The Prometheus text exposition format (\`${PROMETHEUS_CONTENT_TYPE}\`).`,
  },
  handle({ deps, c }) {
    // An app built with this route but without a registry (createFrame over the whole table) answers like any unknown path.
    if (!deps.metrics) throw notFound(c).error;
    return new Response(deps.metrics.render(), { headers: { 'Content-Type': PROMETHEUS_CONTENT_TYPE } });
  },
});
