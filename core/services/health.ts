/**
 * @module
 * The health check (D13): three checks in parallel, each cut off at 2.5 s whether or not its
 * probe honours its abort signal, so a hung upstream never holds the endpoint longer. The two
 * upstream checks are shared by every caller, at most one probe per interval (D55,
 * `health-probes.ts`); the storage check is this caller's own.
 */
import type { Storage } from '../storage/storage.ts';
import type { Breaker } from '../storage/breaker.ts';
import type { ProbeResult } from '../drivers/contracts/driver.ts';
import type { Drivers } from '../drivers/contracts/drivers.ts';
import type { Clock } from '../drivers/kit/index.ts';
import { CHECK_TIMEOUT_MS, runProbe, type ProbeOutcome, type SharedProbes } from './health-probes.ts';
import { RELEASED_AT, VERSION } from '../version.ts';

export { CHECK_TIMEOUT_MS };

interface Check {
  name: 'upstream-music-api' | 'upstream-audio-features' | 'cache-backend';
  ok: boolean;
  status: number;
  latencyMs: number;
}

export interface Health {
  /** `draining`: the instance is shutting down and runs no check. */
  status: 'ok' | 'degraded' | 'draining';
  version: string;
  releasedAt: string;
  timestamp: string;
  elapsedMs: number;
  checks: Check[];
  degraded: boolean;
}

type Probe = (signal: AbortSignal) => Promise<ProbeResult>;

const named = (name: Check['name'], { ok, status, latencyMs }: ProbeOutcome): Check => ({
  name,
  ok,
  status,
  latencyMs,
});

/**
 * The storage check writes, reads back and deletes a probe key. While the storage's
 * breaker is open (an outage under way) the answer is known already: it fails at once
 * instead of waiting out the storage's command timeout on every /healthz.
 */
function storageProbe(storage: Storage, breaker?: Breaker): Probe {
  return async () => {
    if (breaker?.open) return { ok: false, status: 0 };
    const key = `sleeve:healthz:${Math.random().toString(36).slice(2)}`;
    await storage.setItem(key, 'ok');
    const back = await storage.getItem(key);
    await storage.removeItem(key);
    return back === 'ok' ? { ok: true, status: 200 } : { ok: false, status: 0 };
  };
}

export interface HealthInput {
  drivers: Drivers;
  storage: Storage;
  breaker?: Breaker;
  /** The upstream probes every caller shares (`sharedProbes`). */
  probes: SharedProbes;
  clock: Clock;
  timeoutMs?: number;
}

/**
 * D34: a draining instance answers at once, with no check run: 503, so a balancer that polls
 * it takes it out of rotation while its requests in flight finish.
 */
export function drainingHealth(now: number): { status: 503; body: Health } {
  return {
    status: 503,
    body: {
      status: 'draining',
      version: VERSION,
      releasedAt: RELEASED_AT,
      timestamp: new Date(now).toISOString(),
      elapsedMs: 0,
      checks: [],
      degraded: true,
    },
  };
}

/**
 * What each check asked, for the `X-Sleeve-Checked` header: the body keeps the
 * interface's three check names in both modes, while in demo mode the two "upstream" checks
 * probe the demo catalogue that stands in for both upstreams. `upstream-music-api=demo
 * catalogue, upstream-audio-features=demo catalogue, cache-backend=memory`. Names only, never
 * an address or a path (D61): the header is public, and a base URL may carry credentials, a
 * storage spec a host or a directory (`fs:/var/lib/sleeve` says `fs`).
 */
export function checkedHeader(input: Pick<HealthInput, 'drivers'> & { storageName: string }): string {
  const said = (driver: { name: string; probes?: string }) => driver.probes ?? driver.name;
  return `upstream-music-api=${said(input.drivers.music)}, upstream-audio-features=${said(input.drivers.features)}, cache-backend=${storageKind(input.storageName)}`;
}

/** A storage spec's kind, the part before its first `:` (`redis://…` says `redis`). */
const storageKind = (spec: string): string => spec.split(':', 1)[0]!;

/** Returns the body and the HTTP status: 503 only when both upstream checks fail. */
export async function checkHealth(input: HealthInput): Promise<{ status: 200 | 503; body: Health }> {
  const { clock, probes } = input;
  const started = clock.now();
  const timeoutMs = input.timeoutMs ?? CHECK_TIMEOUT_MS;
  const checks = await Promise.all([
    probes.check('upstream-music-api', input.drivers.music).then((o) => named('upstream-music-api', o)),
    probes.check('upstream-audio-features', input.drivers.features).then((o) => named('upstream-audio-features', o)),
    runProbe(storageProbe(input.storage, input.breaker), clock, timeoutMs).then((o) => named('cache-backend', o)),
  ]);
  const degraded = checks.some((c) => !c.ok);
  const upstreamsDown = checks.filter((c) => c.name !== 'cache-backend').every((c) => !c.ok);
  return {
    status: upstreamsDown ? 503 : 200,
    body: {
      status: degraded ? 'degraded' : 'ok',
      version: VERSION,
      releasedAt: RELEASED_AT,
      timestamp: new Date(started).toISOString(),
      elapsedMs: Math.max(0, Math.round(clock.now() - started)),
      checks,
      degraded,
    },
  };
}
