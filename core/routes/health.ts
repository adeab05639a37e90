/** @module `GET /healthz` (spec §4.20, D13): public, never cached, never rate limited. */
import { defineEndpoint } from '../http/endpoint.ts';
import { checkHealth, drainingHealth } from '../services/health.ts';
import { healthSchema } from '../schemas/responses/index.ts';

export const healthz = defineEndpoint({
  path: '/healthz',
  summary: 'Whether the service and its upstreams answer: 200 when all do, 503 (same body) when one does not.',
  public: true,
  since: '2.1.0',
  cache: 'no-store',
  // A failing upstream is reported in the body (and a 503 with it), never as a D3 error.
  upstream: false,
  response: healthSchema,
  async handle({ deps }) {
    const { status, body } = deps.lifecycle.draining ? drainingHealth(deps.now()) : await checkHealth({ sources: deps.sources, storage: deps.storage, breaker: deps.breaker, now: deps.now() });
    // A Response only for the 503; `cache: 'no-store'` puts the header on it.
    return Response.json(body, { status });
  },
});
