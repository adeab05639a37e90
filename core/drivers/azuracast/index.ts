/**
 * @module
 * The AzuraCast radio driver (live mode, D12): a station's now-playing state from
 * `GET <baseUrl>/api/nowplaying/<station>` (shortcode or numeric id), normalised into the
 * domain (`wire.ts`) from the current shape and from old (0.9) installs alike.
 *
 * - Unknown station: AzuraCast answers 404, this answers null (the service's 404).
 * - Unreachable, 5xx, any other status, or a body that is not a now-playing state: 502
 *   `upstream_error`; no answer within `timeoutMs`: 504 `upstream_timeout` (`kit/call/call.ts`).
 * - `/nowplaying` is never cached at the HTTP layer (it is sent `no-store`), so the upstream
 *   call is shared for `cacheSeconds` (2 s: AzuraCast itself refreshes every few seconds) and
 *   concurrent calls coalesce (`shared/cached.ts`): a flood of requests is one upstream call.
 * - `watch` is one live subscription per station: AzuraCast's SSE feed where offered, else
 *   polling (`watch.ts`).
 */
import { call, UPSTREAM_TIMEOUT_MS, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { decoded } from '../shared/wire.ts';
import { upstreamError } from '../../errors.ts';
import type { NowPlaying } from '../../domain/radio.ts';
import type { RadioDriver } from '../contracts/radio.ts';
import { watchStation } from './watch.ts';
import { toNowPlaying } from './wire.ts';
import { unboundScope, type RequestScope } from '../kit/scope.ts';

const DRIVER_NAME: string = 'azuracast';
/** AzuraCast's public demo station, on the default upstream `https://demo.azuracast.com`. */
const DEFAULT_STATION: string = 'azuratest_radio';
/** The demo station's installation: live mode's radio unless `SLEEVE_AZURACAST_URL` says otherwise. */
export const DEFAULT_BASE_URL = 'https://demo.azuracast.com';
const TIMEOUT_MS = UPSTREAM_TIMEOUT_MS;
const CACHE_SECONDS = 2;

export interface AzuraCastOptions {
  /** The installation's origin (`SLEEVE_AZURACAST_URL`), e.g. `https://demo.azuracast.com`; a replay to run offline. */
  baseUrl: string;
  /** The station served when the caller names none (`SLEEVE_STATION`): shortcode or numeric id. Default `azuratest_radio`. */
  defaultStation?: string;
  /** Milliseconds before a call with no answer is a 504 (default 2500, kit/call/call.ts). */
  timeoutMs?: number;
  /** Seconds one upstream answer is shared between calls (default 2; 0 still coalesces concurrent calls). */
  cacheSeconds?: number;
  /** False: watchers poll only, never opening AzuraCast's SSE feed (default true). */
  liveFeed?: boolean;
}

export default function azuracast(options: AzuraCastOptions, ctx: DriverContext): RadioDriver {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const installation: Upstream = ctx.upstream({ name: DRIVER_NAME, base, timeoutMs, setting: 'SLEEVE_AZURACAST_URL' });

  const fetchNowPlaying = async (station: string, scope?: RequestScope): Promise<NowPlaying | null> => {
    // The station is a segment of the path asked, encoded: only a dot segment would still name
    // another resource (`..`, the level above). The routes refuse it (400) with anything else
    // that is no shortcode; this holds for an embedder's own `station` option too.
    if (station === '.' || station === '..') return null;
    const { status, body } = await call(
      installation,
      `/api/nowplaying/${encodeURIComponent(station)}`,
      { scope },
      async (reply) => {
        const answer = { status: reply.status, body: await reply.json() };
        if (answer.status !== 200 && answer.status !== 404)
          throw upstreamError(DRIVER_NAME, `answered HTTP ${answer.status}`);
        return answer;
      },
    );
    if (status === 404) return null;
    return decoded(DRIVER_NAME, body, toNowPlaying);
  };

  const nowPlaying = ctx.cached({
    name: 'azuracast:nowplaying',
    maxAge: options.cacheSeconds ?? CACHE_SECONDS,
    // The base is in the key: two drivers over one storage never answer for each other.
    run: (a: { base: string; station: string }, scope) => fetchNowPlaying(a.station, scope),
  });

  return {
    name: DRIVER_NAME,
    defaultStation: options.defaultStation ?? DEFAULT_STATION,
    // Never from the cache: a health check must reach AzuraCast. The default station's
    // own state, so a wrong SLEEVE_STATION shows as a failing probe (404).
    async probe(o) {
      const found = await fetchNowPlaying(options.defaultStation ?? DEFAULT_STATION, o?.scope);
      return found ? { ok: true, status: 200 } : { ok: false, status: 404 };
    },
    // `now` is for simulated stations: a live one is what AzuraCast says it is.
    nowPlaying: (station, o) => nowPlaying({ base, station }, o),
    watch(station, onUpdate, o) {
      return watchStation({
        ctx,
        baseUrl: base,
        station,
        pollMs: o.pollMs,
        timeoutMs,
        liveFeed: options.liveFeed ?? true,
        // The watcher's polls are no request's: only its own stop ends them.
        poll: (name, signal) => nowPlaying({ base, station: name }, { scope: unboundScope(signal) }),
        onUpdate,
      });
    },
  };
}
