/** @module `GET /healthz` (spec §4.20, D13): public, never cached, never rate limited. */
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { checkHealth } from '../services/health.ts';

export const healthz: Endpoint = defineEndpoint({
  path: '/healthz',
  public: true,
  cache: 'no-store',
  async handle({ deps }) {
    const { status, body } = await checkHealth({ sources: deps.sources, storage: deps.storage, breaker: deps.breaker, now: deps.now() });
    // A Response only for the 503; `cache: 'no-store'` puts the header on it.
    return Response.json(body, { status });
  },
});
