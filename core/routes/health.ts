/** @module `GET /healthz` (spec §4.20, D13): public, never cached, never rate limited. */
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { checkHealth } from '../services/health.ts';

export const healthz: Endpoint = defineEndpoint({
  path: '/healthz',
  public: true,
  cache: 'no-store',
  async handle({ deps }) {
    const { status, body } = await checkHealth({ sources: deps.sources, storage: deps.storage, now: deps.now() });
    return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
  },
});
