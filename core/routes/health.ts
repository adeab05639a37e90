/** @module `GET /healthz`: public, never cached, never rate limited. */
import { defineEndpoint } from '../http/endpoint.ts';
import type { Deps } from '../wiring/deps.ts';
import { CHECK_TIMEOUT_MS, checkedHeader, checkHealth, drainingHealth, type Health } from '../services/health.ts';
import { sharedProbes, type SharedProbes } from '../services/health-probes.ts';
import { healthSchema } from '../schemas/responses/index.ts';

/** Each Sleeve's shared upstream probes (D55), made on its first `/healthz`: one set per Sleeve, gone with it. */
const probesBySleeve = new WeakMap<Deps, SharedProbes>();
function probesOf(deps: Deps): SharedProbes {
  let probes = probesBySleeve.get(deps);
  if (!probes)
    probesBySleeve.set(deps, (probes = sharedProbes({ clock: deps.clock, intervalMs: deps.options.healthIntervalMs })));
  return probes;
}

/** What `/healthz` answers now, its status and body: the status page's header says the same. */
export function healthNow(deps: Deps): Promise<{ status: 200 | 503; body: Health }> {
  if (deps.lifecycle.draining) return Promise.resolve(drainingHealth(deps.clock.now()));
  return checkHealth({
    drivers: deps.drivers,
    storage: deps.storage,
    breaker: deps.breaker,
    probes: probesOf(deps),
    clock: deps.clock,
  });
}

export const healthz = defineEndpoint({
  path: '/healthz',
  monitoring: true,
  summary:
    'Whether the service, its two upstreams and its storage answer: 200 while at least one upstream does, 503 when neither does or the instance is shutting down.',
  description: `Three checks in parallel, each cut off at ${CHECK_TIMEOUT_MS / 1000} s: \`checks\` gives each one's HTTP status seen (0: unreachable or timed out) and latency. \`X-Sleeve-Checked\` says what each asked, by name and never by address or path: the upstreams' names in live mode (\`deezer\`, \`reccobeats\`); in demo mode the demo catalogue, which stands in for both upstreams; the storage's kind (\`memory\`, \`fs\`, \`redis\`). Each upstream is probed at most once per interval (\`SLEEVE_HEALTH_INTERVAL_MS\`, 2 s by default), the result shared by every caller, and a real call that succeeded within it stands in for a probe (\`status\` 200). A probe the upstream budget gave no turn to reads as the last thing known of that upstream; with nothing known yet, \`ok\` with \`status\` 0. For an orchestrator's probes, \`/livez\` and \`/readyz\` ask no upstream.`,
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
    const { status, body } = await healthNow(deps);
    // `cache: 'no-store'` puts its header on it too.
    return Response.json(body, {
      status,
      headers: { 'X-Sleeve-Checked': checkedHeader({ drivers: deps.drivers, storageName: deps.options.storageName }) },
    });
  },
});
