/** @module `GET /healthz`: public, never cached, never rate limited. */
import { defineEndpoint } from '../http/endpoint.ts';
import { CHECK_TIMEOUT_MS, checkedHeader, checkHealth, drainingHealth } from '../services/health.ts';
import { healthSchema } from '../schemas/responses/index.ts';

export const healthz = defineEndpoint({
  path: '/healthz',
  summary:
    'Whether the service, its two upstreams and its storage answer: 200 while at least one upstream does, 503 when neither does or the instance is shutting down.',
  description: `Three checks in parallel, each cut off at ${CHECK_TIMEOUT_MS / 1000} s: \`checks\` gives each one's HTTP status seen (0: unreachable or timed out) and latency. \`X-Sleeve-Checked\` says what each asked: the upstreams' base URLs in live mode; in demo mode the demo catalogue, which stands in for both upstreams.`,
  public: true,
  since: '2.1.0',
  cache: 'no-store',
  // A failing upstream is reported in the body (and a 503 with it), never as an error answer.
  upstream: false,
  response: healthSchema,
  // What `checkHealth` answers, and when: the body is the same under each.
  statuses: {
    200: '`ok` when every check passes; `degraded` when one fails (an upstream or the storage) while at least one upstream answers.',
    503: '`degraded`: both upstream checks failed (music metadata and audio features), whatever the storage; `draining`: the instance is shutting down, and no check was run.',
  },
  async handle({ deps }) {
    const { status, body } = deps.lifecycle.draining
      ? drainingHealth(deps.clock.now())
      : await checkHealth({
          drivers: deps.drivers,
          storage: deps.storage,
          breaker: deps.breaker,
          now: deps.clock.now(),
        });
    // `cache: 'no-store'` puts its header on it too.
    return Response.json(body, {
      status,
      headers: { 'X-Sleeve-Checked': checkedHeader({ drivers: deps.drivers, storageName: deps.options.storageName }) },
    });
  },
});
