/**
 * @module
 * Upstream calls counted per request, for its log line. The only thing that travels from a
 * route to a driver's fetch is the request's abort signal (`CallOptions.signal`), so the
 * request's tally is found from it: the HTTP frame puts it on the request's signal when the
 * route starts, and the kit carries it onto each signal it derives for a call (a timeout
 * combined with it, a shared flight's own controller). The fetch the kit hands drivers counts
 * each call on the tally its signal carries, and on the per-upstream counter of /metrics.
 *
 * Not `AsyncLocalStorage`: on Node 20 it hooks every promise of the process, cache hits
 * included (one `run` per request measured 2 to 5 µs more CPU per in-process hit, of about
 * 30), where this costs one WeakMap entry per request that reaches its route, and nothing on
 * a hit. It is plain JavaScript, so it runs alike on Node, Bun, Deno and edge runtimes.
 */
import type { FetchLike } from './fetch-like.ts';

/** What a request's upstream calls are counted in. */
export interface UpstreamTally {
  upstream: number;
}

/** Weak both ways: a signal (and its tally) goes when its request and calls are done. */
const tallies = new WeakMap<AbortSignal, UpstreamTally>();

/** From now on, calls made with `signal` (or a signal derived with `carry`) count on `tally`. */
export function tallyOn(signal: AbortSignal, tally: UpstreamTally): void {
  tallies.set(signal, tally);
}

export function tallyOf(signal: AbortSignal | null | undefined): UpstreamTally | undefined {
  return signal ? tallies.get(signal) : undefined;
}

/**
 * Calls made with `derived` count for whoever `origin` counts for. A shared flight keeps the
 * tally of the first caller who needed it: that request made the call, the others joined it.
 */
export function carry(derived: AbortSignal, origin: AbortSignal | undefined): AbortSignal {
  const tally = tallyOf(origin);
  if (tally && !tallies.has(derived)) tallies.set(derived, tally);
  return derived;
}

/** The host a call goes to: the `upstream` label of /metrics (a bounded set: D11, D14). */
function hostOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return URL.parse(url)?.host ?? 'unknown';
}

/**
 * A fetch that counts each call before making it. `onCall` is /metrics' counter (absent when
 * metrics are off); the tally is looked up only when `perRequest` (request logs on).
 */
export function countingFetch(fetch: FetchLike, perRequest: boolean, onCall?: (host: string) => void): FetchLike {
  return (input, init) => {
    if (perRequest) {
      // The kit's calls give their signal in `init` (a Request made with one gets a copy of it).
      const tally = tallyOf(init?.signal);
      if (tally) tally.upstream++;
    }
    onCall?.(hostOf(input));
    return fetch(input, init);
  };
}
