/**
 * @module
 * `GET /livez` and `GET /readyz`: an orchestrator's probes (D55). Neither asks an upstream nor
 * spends any budget, and neither is cached or rate limited, so no client's traffic can move
 * them; `/healthz` stays the view of the upstreams.
 */
import { defineEndpoint } from '../http/endpoint.ts';
import { checkReadiness, READY_STORAGE_MS } from '../services/readiness.ts';
import { livenessSchema, readinessSchema } from '../schemas/responses/index.ts';

export const livez = defineEndpoint({
  path: '/livez',
  monitoring: true,
  summary: 'Whether the process answers: always 200 while it does, shutting down or not. For a liveness probe.',
  description:
    'Asks nothing: no upstream, no storage. A process that stopped answering is the one a restart mends; an upstream outage or a drain is not.',
  public: true,
  batchable: false,
  cache: 'no-store',
  upstream: false,
  response: livenessSchema,
  handle: () => ({ status: 'live' as const }),
});

export const readyz = defineEndpoint({
  path: '/readyz',
  monitoring: true,
  summary:
    "Whether this instance can serve: 200 while its storage (or the storage's fallback) answers, 503 while it drains. For a readiness probe.",
  description: `Asks no upstream and spends no upstream budget. \`storage\`: \`ok\` when the storage answered a read, \`fallback\` when it failed or is being skipped (requests are then answered uncached and unlimited), \`unanswered\` when it neither answered nor failed within ${READY_STORAGE_MS / 1000} s.`,
  public: true,
  batchable: false,
  cache: 'no-store',
  upstream: false,
  response: readinessSchema,
  statuses: {
    200: '`ready`: the storage answered, or its fallback does.',
    503: '`draining`: the instance is shutting down (no check run); `unready`: the storage neither answered nor failed in time.',
  },
  async handle({ deps }) {
    const { status, body } = await checkReadiness({
      draining: deps.lifecycle.draining,
      storage: deps.storage,
      breaker: deps.breaker,
      clock: deps.clock,
    });
    return Response.json(body, { status });
  },
});
