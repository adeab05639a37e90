/**
 * @module
 * D9: the one `cached` layer. A fresh entry answers at once (`X-Cache: HIT`, ETag,
 * 304). A miss runs the route once however many identical requests arrive together: the first
 * is the leader and the others wait for its outcome. 200s are kept for the declared lifetime,
 * not-found answers for 5 minutes, other errors never; when the upstream fails, an entry that
 * expired less than 24 h ago is answered instead (`X-Cache: STALE`).
 *
 * In live mode (`refresh` set, `cache/refresh.ts`) an entry at most `staleSeconds` of its
 * lifetime past it is answered `STALE` at once, with `Age`, while one refresh runs in the
 * background; and an entry hit `POPULAR_HITS` times is refreshed in the last tenth of its
 * lifetime. A fresh hit pays one comparison and one increment for that (`warmFor`).
 */
import type { Context } from 'hono';
import type { Storage } from '../../storage/storage.ts';
import { SleeveError, type ErrorCode } from '../../errors.ts';
import type { Breaker } from '../../storage/breaker.ts';
import type { CachePolicy } from '../endpoint.ts';
import { ageOf, answer, fromStorage, heldOf, hold, storedForm, type Entry, type Held } from './entry.ts';
import { aheadAt, POPULAR_HITS, staleSeconds, type Refresher } from './refresh.ts';
import { notPromised, type Deferrer } from './deferred.ts';
import { isBudgetRefusal, REQUEST_TURNS_MS, type Clock } from '../../drivers/kit/index.ts';
import { cacheKey, canonicalRequest, type CacheKey } from './key.ts';
import { addHeaders, bindings, replaceResponse, setHeaders, type SleeveEnv } from '../context.ts';
import type { FrameLayer, LayerResult, NextStep } from '../frame-chain.ts';
import { Outcome } from '../outcome.ts';
import { scopeOf } from '../layers/scope.ts';
import type { Layer, Look } from '../pipeline.ts';
import { paramsOf, type Params } from '../layers/params.ts';
import type { RequestView } from '../hit/request-view.ts';
import { originOf, rawSearch, REMEMBERED_QUERY_LENGTH, REMEMBERED_URL_LENGTH } from '../query-memo.ts';
import { setBounded, setBoundedBytes } from '../../utils/bounded-map.ts';
import type { InFlight } from '../../utils/in-flight.ts';

export const NOT_FOUND_SECONDS: number = 300;
export const STALE_MS: number = 24 * 3600 * 1000;
/** `forever` still needs a max-age for clients: a year, the usual "immutable" figure. */
const FOREVER_MAX_AGE = 31_536_000;
/**
 * Fresh entries kept parsed in process, in front of the storage: a hit then skips unstorage's
 * JSON parsing of the whole body. Safe with a shared Redis too, since an entry never changes
 * before its `freshUntil`, which is checked on every use. Bounded by count, oldest out first.
 */
export const HOT_ENTRIES: number = 256;
/**
 * And by what they hold: each keeps its body as a string (up to two bytes a character) and as
 * UTF-8 bytes, so 256 large answers (a 24,000-character chart) would otherwise hold 18 MB.
 */
const HOT_BYTES: number = 8 * 1024 * 1024;
const heldSize = (held: Held): number => (held.bytes?.byteLength ?? 0) * 3 + 256;
const UPSTREAM_FAILURES: readonly ErrorCode[] = ['upstream_error', 'upstream_timeout', 'service_unavailable'];

/** What a leader hands its followers: an entry to answer with and how, or an error to rethrow. */
type Settled =
  | { entry: Entry; state: 'MISS' | 'STALE'; bytes?: Uint8Array<ArrayBuffer> }
  | { error: SleeveError }
  | null;

/** A miss in flight: what its followers wait for, and whether a refresh leads it (its followers fetch themselves when it brings nothing). */
export interface Flight {
  readonly settled: Promise<Settled>;
  readonly refresh: boolean;
}

export interface CacheOptions {
  bucket: string;
  policy: Exclude<CachePolicy, 'no-store'>;
  storage: Storage;
  /** Skips the storage while it is down, so requests are answered uncached. */
  breaker: Breaker;
  now(): number;
  /** The Sleeve's timers (`kit/clock.ts`): a join's wait on a deferred answer is timed on them. */
  timer: Clock['timer'];
  /** Identical misses in flight, shared by every endpoint of one app: a leader's outcome, its followers wait on. */
  inflight: InFlight<Flight>;
  /** Recently answered fresh entries, already parsed (see `HOT_ENTRIES`). */
  hot: Map<string, Held>;
  /**
   * Key entries by the request's origin too: needed when no base URL is configured, since
   * answers then carry cover URLs built from the origin the caller used.
   */
  byOrigin?: boolean;
  /** The endpoint's parameters layer: the validated queries it remembers (the hit path's own keys). */
  params: Params;
  /** The endpoint's own key (declaration `cacheKey`); it may read the request's headers. */
  keyOf?(params: unknown, request: RequestView): string;
  /**
   * Background refreshes (live mode only, where upstream calls cost budget): with it, stale
   * entries within their bound are answered at once and popular ones refreshed ahead.
   */
  refresh?: Refresher;
  /**
   * Deferred answers (live mode only): a miss the budget could not serve in time is answered 503 and
   * completed in the background, its `Retry-After` saying when to come back (`deferred.ts`).
   */
  defer?: Deferrer;
}

export interface Cached {
  /**
   * The layer. Its core (`look`) gives the fresh entry held in process for a request seen
   * before (its query already validated: `params` remembers it; its key remembered), which the
   * hit path answers; undefined for anything else, which the full form then looks up itself
   * by the same rule (`heldFor`).
   */
  layer: Layer;
  /**
   * The layer a refresh runs through (`cache/refresh.ts`) in place of `layer`: it runs the
   * route whatever is kept (unless another instance refreshed it meanwhile) and keeps the answer.
   */
  refresh: FrameLayer;
}

export function cached(options: CacheOptions): Cached {
  const { bucket, policy, storage, breaker, inflight, hot } = options;
  const seconds = policy === 'forever' ? null : policy;
  const { refresh } = options;
  const remember = (key: string, held: Held): void => {
    // Only where refreshes run; elsewhere `aheadAt` stays Infinity and no hit is diverted.
    if (refresh && held.entry.body !== undefined) held.aheadAt = aheadAt(held.entry.freshUntil, held.entry.maxAge);
    setBoundedBytes(hot, key, held, HOT_ENTRIES, HOT_BYTES, heldSize);
  };
  const startRefresh = (c: Context<SleeveEnv>, key: string): void => {
    if (refresh && !inflight.has(key)) refresh.start(key, c.req.raw, c.env);
  };
  /**
   * Kept in process and in the storage; the held form (its bytes encoded once) answers too.
   * Where the adapter holds work past the answer (`waitUntil`: a Worker, whose KV takes a
   * while to write), the answer does not wait for the storage.
   */
  const store = async (c: Context<SleeveEnv>, key: string, held: Held, ttlSeconds: number | null): Promise<void> => {
    remember(key, held);
    // A deferred answer's: held until its promise has passed, whatever this cache evicts meanwhile.
    options.defer?.keep(key, held);
    const writing = Promise.resolve(
      breaker.run(
        () => storage.setItem(key, storedForm(held.entry), ttlSeconds === null ? {} : { ttl: ttlSeconds }),
        undefined,
      ),
    );
    const { waitUntil } = bindings(c);
    if (waitUntil) waitUntil(writing);
    else await writing;
  };
  const fresh = (entry: Entry | null | undefined, canonical: string, now: number): boolean =>
    !!entry && entry.k === canonical && (entry.freshUntil === null || entry.freshUntil > now);

  // Without an own key, the canonical request is a pure function of the URL (its query, and
  // its origin when `byOrigin`), so the last few URLs are remembered whole: a hot hit then
  // neither re-normalises nor re-hashes, nor cuts a string to look it up.
  const keys = new Map<string, CacheKey>();
  const scope = (url: string) => (options.byOrigin ? `${originOf(url)} ${bucket}` : bucket);
  // An own key may read headers, so it is asked on every request; the canonical string and
  // its hash are then a pure function of it (and of the origin), so the last few are kept too.
  const ownKeys = new Map<string, CacheKey>();
  const ownKeyFor = (url: string, request: RequestView, params: unknown) => {
    const own = options.keyOf!(params, request);
    const memo = options.byOrigin ? `${originOf(url)}\n${own}` : own;
    let known = ownKeys.get(memo);
    if (!known) {
      known = cacheKey(canonicalRequest(scope(url), undefined, own));
      if (memo.length <= REMEMBERED_QUERY_LENGTH) setBounded(ownKeys, memo, known, HOT_ENTRIES);
    }
    return known;
  };
  const keyFor = (url: string, request: RequestView, params: unknown) => {
    if (options.keyOf) return ownKeyFor(url, request, params);
    let known = keys.get(url);
    if (!known) {
      known = cacheKey(canonicalRequest(scope(url), params));
      if (url.length <= REMEMBERED_URL_LENGTH) setBounded(keys, url, known, HOT_ENTRIES);
    }
    return known;
  };
  /**
   * The one rule of a hit, for both forms: `held`, the entry held for this key, fresh and not
   * due for a refresh ahead (`aheadAt`), counted on the entry.
   */
  const heldFor = (held: Held | undefined, known: CacheKey, now: number): Held | undefined => {
    if (!held || now >= held.aheadAt || !fresh(held.entry, known.canonical, now)) return undefined;
    held.hits++;
    return held;
  };
  /** The hit path's: a hit only for a key already made (see `Look`). */
  const look: Look = (url, request, now) => {
    let known: CacheKey | undefined;
    if (options.keyOf) {
      const valid = options.params.remembered(rawSearch(url));
      if (valid === undefined) return undefined;
      known = ownKeyFor(url, request, valid);
      // Remembered only once its query was validated (this layer runs after the params one).
    } else known = keys.get(url);
    return known === undefined ? undefined : heldFor(hot.get(known.key), known, now);
  };

  // Not `async`: a hit on an entry held in process is answered without awaiting anything.
  const full: FrameLayer = (c, next) => {
    const now = options.now();
    const known = keyFor(c.req.url, c.req.raw, paramsOf(c));
    const held = hot.get(known.key);
    const hit = heldFor(held, known, now);
    // The Response itself, not a promise of it: the frame (`frame-chain.ts`) hands it on as is.
    if (hit) return answer(c, hit.entry, 'HIT', hit.bytes);
    if (held && now >= held.aheadAt && fresh(held.entry, known.canonical, now)) {
      // Once per held entry: popular ones are refreshed ahead, the others left to expire.
      held.aheadAt = Infinity;
      if (held.hits + 1 >= POPULAR_HITS) startRefresh(c, known.key);
      return answer(c, held.entry, 'HIT', held.bytes);
    }
    return miss(c, next, known.canonical, known.key, now);
  };
  const refreshLayer: FrameLayer = (c, next) => {
    const known = keyFor(c.req.url, c.req.raw, paramsOf(c));
    return miss(c, next, known.canonical, known.key, options.now(), true);
  };
  return { layer: { kind: 'hold', look, full }, refresh: refreshLayer };

  /** `refreshing`: a refresh runs the route even for a kept entry (one due ahead, or stale). */
  async function miss(
    c: Context<SleeveEnv>,
    next: NextStep,
    canonical: string,
    key: string,
    now: number,
    refreshing = false,
  ): Promise<LayerResult> {
    const found = fromStorage(await breaker.run(() => storage.getItem(key), null));
    const entry = found && found.k === canonical ? found : null;
    // A refresh finds an entry another instance refreshed meanwhile: nothing to do.
    if (entry && fresh(entry, canonical, now) && (!refreshing || now < aheadAt(entry.freshUntil, entry.maxAge))) {
      const held = hold(entry);
      remember(key, held);
      return answer(c, entry, 'HIT', held.bytes);
    }
    // Evicted here (or never kept: the storage down) while the promise of a deferred answer stands: the answer it made.
    const promisedHeld = refreshing ? undefined : options.defer?.kept(key);
    if (promisedHeld?.degraded) return degradedAnswer(c, promisedHeld);
    if (promisedHeld && fresh(promisedHeld.entry, canonical, now)) {
      remember(key, promisedHeld);
      return answer(c, promisedHeld.entry, 'HIT', promisedHeld.bytes);
    }
    // Stale-while-revalidate: within its bound, the stale entry now, one refresh behind it.
    if (
      !refreshing &&
      refresh &&
      entry?.body !== undefined &&
      entry.freshUntil !== null &&
      now - entry.freshUntil <= staleSeconds(entry.maxAge) * 1000
    ) {
      startRefresh(c, key);
      return answer(c, entry, 'STALE', undefined, ageOf(entry, now));
    }

    const flight = inflight.get(key);
    if (flight) {
      const pending = flight.settled;
      const outcome = await (refreshing ? pending : joined(pending, key));
      // A deferred answer found another request making its answer: that one's refusal (or a
      // refresh's nothing) is not its own, since its answer was promised; it makes it itself then.
      const deferred = refreshing && options.defer?.has(key);
      if (deferred && !(outcome && 'entry' in outcome)) return miss(c, next, canonical, key, options.now(), true);
      if (deferred && outcome && 'entry' in outcome) options.defer!.keep(key, hold(outcome.entry));
      if (outcome && 'error' in outcome) throw outcome.error;
      if (outcome?.state === 'STALE')
        return answer(c, outcome.entry, 'STALE', outcome.bytes, ageOf(outcome.entry, options.now()));
      if (outcome) return answer(c, outcome.entry, outcome.state, outcome.bytes);
      // The refresh this request waited for was dropped (a busy budget) or failed: its own fetch.
      if (flight.refresh && !refreshing) return miss(c, next, canonical, key, options.now());
      return next();
    }
    let settle: (outcome: Settled) => void = () => {};
    const leading = new Promise<Settled>((resolve) => (settle = resolve));
    const forget = inflight.add(key, { settled: leading, refresh: refreshing });
    let outcome: Settled = null;
    let age: number | undefined;
    let made: string | Promise<string> | undefined;
    let promised: SleeveError | undefined;
    // What the route answered, and what this layer answers in its place.
    let below: LayerResult;
    let answered: LayerResult;
    try {
      below = await next();
      const thrown = below?.thrown;
      const error = thrown instanceof SleeveError ? thrown : undefined;
      if (error && UPSTREAM_FAILURES.includes(error.code) && entry && now - entry.freshUntil! <= STALE_MS) {
        outcome = { entry, state: 'STALE' };
        age = ageOf(entry, now);
      } else if (error?.code === 'not_found') {
        const gone: Entry = {
          k: canonical,
          status: 404,
          message: error.message,
          param: error.param,
          extra: error.extra,
          etag: '',
          freshUntil: now + NOT_FOUND_SECONDS * 1000,
          maxAge: NOT_FOUND_SECONDS,
        };
        await store(c, key, hold(gone), NOT_FOUND_SECONDS);
        outcome = { entry: gone, state: 'MISS' };
      } else if (error) {
        outcome = { error };
      } else if (below?.degraded !== undefined) {
        // An answer with a gap (an upstream failed) is sent, never kept: the next caller tries again.
        setHeaders(c, { 'Cache-Control': 'no-store', 'X-Cache': 'MISS' });
        answered = new Outcome(c.res, { ...below, cache: 'MISS' });
        // But a deferred answer's promise is kept with it (D66): held for its client alone, sent as it is.
        if (refreshing && options.defer?.has(key) && c.res.status === 200 && (made = madeJson(c, below)) !== undefined)
          options.defer.keep(key, { ...heldOf(canonical, 200, await made, null, 0), degraded: true });
      } else if (c.res.status === 200 && (made = madeJson(c, below)) !== undefined) {
        const brief = below?.brief;
        const lifetime = brief === undefined ? seconds : Math.min(brief, seconds ?? brief);
        const kept = heldOf(
          canonical,
          200,
          await made,
          lifetime === null ? null : now + lifetime * 1000,
          lifetime ?? FOREVER_MAX_AGE,
        );
        // Kept in the storage 24 h past its lifetime, for STALE answers when the upstream fails.
        await store(c, key, kept, lifetime === null ? null : lifetime + STALE_MS / 1000);
        outcome = { entry: kept.entry, state: 'MISS', bytes: kept.bytes };
      }
      if (outcome && 'entry' in outcome) {
        answered = answer(c, outcome.entry, outcome.state, outcome.bytes, age);
        replaceResponse(c, answered.res);
      }
      // Only a new entry is worth handing on from a refresh; its followers fetch otherwise.
      if (refreshing && !(outcome && 'entry' in outcome && outcome.state === 'MISS')) outcome = null;
    } finally {
      forget();
      // Started once this miss is no longer in flight, or the deferred answer would wait on it.
      if (!refreshing && outcome && 'error' in outcome) promised = deferral(c, key, outcome.error);
      if (promised) outcome = { error: promised };
      settle(outcome);
    }
    if (promised) throw promised;
    return answered ?? below;
  }

  /**
   * A miss in flight, waited for; but a deferred answer (`deferred.ts`) may wait long for its
   * turns, so a request joining one waits only as long as a request waits for turns, then hears
   * its promise anew.
   */
  async function joined(pending: Promise<Settled>, key: string): Promise<Settled> {
    if (!options.defer?.has(key)) return pending;
    // A client waits on this deferred answer now: it is served as fresh work.
    options.defer.hurry(key);
    let stop = () => {};
    const late = new Promise<'late'>((resolve) => (stop = options.timer(REQUEST_TURNS_MS, () => resolve('late'))));
    try {
      const first = await Promise.race([pending, late]);
      if (first !== 'late') return first;
      const renewed = options.defer.renew(key);
      if (renewed) return { error: renewed };
      return await pending;
    } finally {
      stop();
    }
  }

  /**
   * The 503 that promises this miss's answer later (a deferred answer), when the budget refused its
   * call: short of turns, or its queue full (a deferred answer's calls wait outside its places). So
   * a cached answer's 503 with `Retry-After` is always a promise (D66).
   */
  function deferral(c: Context<SleeveEnv>, key: string, error: SleeveError): SleeveError | undefined {
    const client = scopeOf(c).client;
    if (!options.defer || client === undefined || !isBudgetRefusal(error) || error.reason === 'dropped')
      return undefined;
    return options.defer.promise(error, key, c.req.raw, c.env, client);
  }
}

/**
 * The JSON text of the route's answer: as the route made it when it is still the answer (its
 * outcome's `json`), else read back from a JSON Response; undefined for anything else.
 */
function madeJson(c: Context<SleeveEnv>, below: LayerResult): string | Promise<string> | undefined {
  if (below?.json !== undefined && below.res === c.res) return below.json;
  return c.res.headers.get('content-type')?.startsWith('application/json') ? c.res.text() : undefined;
}

/** An answer with a gap a deferred answer made and held for its client: sent as when it was made, kept by nobody. */
function degradedAnswer(c: Context<SleeveEnv>, held: Held): Outcome {
  const out = answer(c, held.entry, 'MISS', held.bytes);
  out.res.headers.set('Cache-Control', 'no-store');
  return out;
}

/**
 * `no-store` endpoints (`/nowplaying`, `/healthz`, `/batch`): never kept, by us or by clients. So
 * no answer of theirs is completed in the background, and a budget refusal's `Retry-After` (when
 * a turn should come) would be a promise not kept: their refusals promise nothing (D66).
 */
export function noStore(): Layer {
  // The full frame's alone: nothing is held, so the hit path never takes these routes.
  return {
    kind: 'route',
    run: async (c, next) => {
      addHeaders(c, { 'Cache-Control': 'no-store' });
      const below = await next();
      const error = below?.thrown;
      if (error instanceof SleeveError && isBudgetRefusal(error) && error.headers['Retry-After'] !== undefined)
        throw notPromised(error.message, 'this endpoint keeps no answer to complete later');
      return below;
    },
  };
}
