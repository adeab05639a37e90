/**
 * @module
 * Whose request each upstream call is for: the request's tally of calls, for its log line, and
 * its client (the address D8 counts), for the budget's fair share (`fair-queue.ts`). The only
 * thing that travels from a route to a driver's fetch is the request's abort signal
 * (`CallOptions.signal`), so both are found from it: the HTTP frame puts them on the request's
 * signal when the route starts, and the kit carries them onto each signal it derives for a
 * call (a timeout combined with it, a shared flight's own controller). The fetch the kit hands
 * drivers counts each call on the tally its signal carries, and on the per-upstream counter of
 * /metrics; the budget serves waiters by the client their signal carries. Drivers never see
 * the HTTP layer: a client is only a string here.
 *
 * Not `AsyncLocalStorage`: on Node 20 it hooks every promise of the process, cache hits
 * included (one `run` per request measured 2 to 5 µs more CPU per in-process hit, of about
 * 30), where this costs one WeakMap entry per request that reaches its route, and nothing on
 * a hit. It is plain JavaScript, so it runs alike on Node, Bun, Deno and edge runtimes.
 */
import { REQUEST_BOUND_MS, REQUEST_TURNS_MS, UPSTREAM_TIMEOUT_MS } from './bounds.ts';
import { systemClock } from './clock.ts';
import type { FetchLike } from './fetch-like.ts';

/** What a request's upstream calls are counted in. */
export interface UpstreamTally {
  upstream: number;
}

/**
 * Whose a request's calls are: its tally (while the request log is on), its client, its budget
 * turns so far, and its bounds (Unix ms): turns are waited for until `turnsBy`, and its upstream
 * work is over by `until`. A completion's (`http/cache/completions.ts`, no client waiting on it) may
 * wait `waitMs` for each turn, where a request waits the budget's usual 3 s.
 */
interface Owner {
  readonly tally: UpstreamTally | undefined;
  readonly client: string | undefined;
  turns: number;
  readonly turnsBy: number;
  readonly until: number;
  readonly waitMs: number | undefined;
  /**
   * A completion some client now waits on (`hurry`): its calls go in the fresh lane, keeping
   * their patience (issue #52).
   */
  urgent: boolean;
  /** Told once when it is hurried: the budget moves its waiting calls to the fresh lane. */
  readonly onHurry: Set<() => void>;
}

/** A new owner, or `owner` with some fields changed; a request's bounds count from its first (`now`, the Sleeve's clock). */
const ownerWith = (owner: Owner | undefined, change: Partial<Owner>, now: number): Owner => {
  return {
    tally: owner?.tally,
    client: owner?.client,
    turns: owner?.turns ?? 0,
    turnsBy: owner?.turnsBy ?? now + REQUEST_TURNS_MS,
    until: owner?.until ?? now + REQUEST_BOUND_MS,
    waitMs: owner?.waitMs,
    urgent: owner?.urgent ?? false,
    onHurry: owner?.onHurry ?? new Set(),
    ...change,
  };
};

/** Weak both ways: a signal (and its owner) goes when its request and calls are done. */
const owners = new WeakMap<AbortSignal, Owner>();

/** From now on, calls made with `signal` (or a signal derived with `carry`) count on `tally`. */
export function tallyOn(signal: AbortSignal, tally: UpstreamTally, now: number = systemClock.now()): void {
  owners.set(signal, ownerWith(owners.get(signal), { tally }, now));
}

export function tallyOf(signal: AbortSignal | null | undefined): UpstreamTally | undefined {
  return signal ? owners.get(signal)?.tally : undefined;
}

/**
 * The client of a cache refresh's calls (`http/cache-refresh.ts`): nobody waits for them, so
 * the budget serves them last and only from spare turns (`budget.ts`, `fair-queue.ts`). No
 * address D8 counts can be this string.
 */
export const BACKGROUND = '\u0000background';

/**
 * From now on, calls made with `signal` (or a signal derived with `carry`) are `client`'s (D8's
 * address). A signal marked `BACKGROUND` stays so: a refresh runs the same route, which names
 * its client as any request's does, but no client is waiting for it.
 */
export function clientOn(signal: AbortSignal, client: string, now: number = systemClock.now()): void {
  const owner = owners.get(signal);
  if (owner?.client === BACKGROUND) return;
  owners.set(signal, ownerWith(owner, { client }, now));
}

/**
 * From now on, calls made with `signal` are `client`'s, each may wait up to `waitMs` for a
 * budget turn, and the work ends within `waitMs` plus one call: a completion's
 * (`http/cache/completions.ts`), whose client was answered 503 and comes back for the result.
 */
export function patientOn(signal: AbortSignal, client: string, waitMs: number, now: number = systemClock.now()): void {
  owners.set(
    signal,
    ownerWith(undefined, { client, waitMs, turnsBy: now + waitMs, until: now + waitMs + UPSTREAM_TIMEOUT_MS }, now),
  );
}

/**
 * When the upstream work of `signal`'s request must be over, and by when its calls must have
 * had their budget turns (Unix ms; Infinity for calls no request made): a request waits 3 s for
 * turns in all, not 3 s a call, so its first answer comes within 3 s and a call past them, when
 * the budget is short, is completed in the background (`http/cache/completions.ts`).
 */
export function deadlineOf(signal: AbortSignal | null | undefined): { turnsBy: number; until: number } {
  const owner = signal ? owners.get(signal) : undefined;
  return { turnsBy: owner?.turnsBy ?? Infinity, until: owner?.until ?? Infinity };
}

/** How long a call of `signal`'s request may wait for a budget turn, when it is not the budget's usual bound. */
export function patienceOf(signal: AbortSignal | null | undefined): number | undefined {
  return signal ? owners.get(signal)?.waitMs : undefined;
}

/** The client whose calls `signal`'s are; undefined for calls no request made (or made before its route). */
export function clientOf(signal: AbortSignal | null | undefined): string | undefined {
  return signal ? owners.get(signal)?.client : undefined;
}

/**
 * A client now waits on the completion whose calls `signal`'s are (it asked for the same answer,
 * or joined one of its calls, `shared-work.ts`): from now on they go in the budget's fresh lane,
 * those waiting included, with the completion's own patience. Work a client waits on is fresh
 * work, whoever started it; left in the completion lane, behind every fresh request, a popular
 * answer promised early would hold each of its askers to a 503 until the fresh lane drains.
 */
export function hurry(signal: AbortSignal | null | undefined): void {
  const owner = signal ? owners.get(signal) : undefined;
  if (!owner || owner.waitMs === undefined || owner.urgent) return;
  owner.urgent = true;
  for (const told of owner.onHurry) told();
  owner.onHurry.clear();
}

/** Whether `signal`'s calls are a completion's that a client now waits on (`hurry`). */
export function hurried(signal: AbortSignal | null | undefined): boolean {
  return signal ? owners.get(signal)?.urgent === true : false;
}

/** Calls `told` when `signal`'s completion is hurried; the function returned stops that. */
export function whenHurried(signal: AbortSignal | undefined, told: () => void): () => void {
  const hooks = signal ? owners.get(signal)?.onHurry : undefined;
  if (!hooks) return () => {};
  hooks.add(told);
  return () => hooks.delete(told);
}

/** A budget turn went to `signal`'s request (`budget.ts`). */
export function tookTurn(signal: AbortSignal | null | undefined): void {
  const owner = signal ? owners.get(signal) : undefined;
  if (owner) owner.turns++;
}

/**
 * Whether `signal`'s request has had a budget turn already: its next call continues an answer
 * under way, which the budget serves before new requests' first calls (`fair-queue.ts`).
 */
export function continues(signal: AbortSignal | null | undefined): boolean {
  const turns = signal ? owners.get(signal)?.turns : undefined;
  return turns !== undefined && turns > 0;
}

/**
 * Calls made with `derived` count for whoever `origin` counts for. A shared flight keeps the
 * owner of the first caller who needed it: that request made the call, the others joined it.
 */
export function carry(derived: AbortSignal, origin: AbortSignal | undefined): AbortSignal {
  const owner = origin ? owners.get(origin) : undefined;
  if (owner && !owners.has(derived)) owners.set(derived, owner);
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
