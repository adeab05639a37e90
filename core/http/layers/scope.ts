/**
 * @module
 * The first layer of every route: it makes the request's scope (`kit/scope.ts`: whose the
 * request's upstream calls are, their bounds, their abort signal, the tally its log line
 * counts), and every later step (the cache, the route, the drivers through it) receives that
 * one value from the context. A rerun (a cache refresh or a deferred answer, `cache/rerun.ts`)
 * comes with the scope made for it before it ran (`bindings.sleeveRerun`); a `/batch`
 * sub-request counts its calls on its batch's tally.
 *
 * Cheap on purpose, since it runs before every cache hit: the clock is read once (the
 * request's bounds count from its arrival), the client's address only in live mode (the only
 * one whose budgets serve by client), and the signal only when a call asks for it (on Node,
 * reading it first makes the request's AbortController).
 */
import type { Context } from 'hono';
import type { Deps } from '../../wiring/deps.ts';
import { requestScope, upstreamTally, type RequestScope, type UpstreamTally } from '../../drivers/kit/index.ts';
import { clientIp } from '../conn/client-ip.ts';
import { bindings, type SleeveEnv } from '../context.ts';
import type { FrameLayer } from '../frame-chain.ts';
import type { Layer } from '../pipeline.ts';

/**
 * A signal no scope made here ever hands out: `requestScope` is given it so that it makes no
 * controller of its own. Made at the first request, not at import: Workers refuse an
 * AbortController made in the global scope, and the isolate then fails to start.
 */
let unread: AbortSignal | undefined;

/**
 * The request log's count of upstream calls is kept only where a line says it: with the log
 * on, and where calls are made at all (live drivers, a chat model).
 */
const tallied = (deps: Deps): boolean =>
  deps.options.requestLog !== 'off' && (deps.options.mode === 'live' || deps.options.ai !== undefined);

/**
 * A client's request as its scope (a `RequestScope`), its signal read from the request when first asked. A class, as
 * an object literal with an accessor costs microseconds to make; the accessor is on the
 * prototype, so a copy (`withSignal`) takes the signal it is given and every other field as is.
 */
class ArrivedRequest implements RequestScope {
  readonly client: string | undefined;
  readonly tally: UpstreamTally | undefined;
  readonly turnsBy: number;
  readonly until: number;
  readonly patienceMs: number | undefined;
  readonly progress: RequestScope['progress'];
  readonly #request: Request;
  #signal: AbortSignal | undefined = undefined;
  constructor(request: Request, client: string | undefined, bounds: RequestScope) {
    this.#request = request;
    this.client = client;
    this.tally = bounds.tally;
    this.turnsBy = bounds.turnsBy;
    this.until = bounds.until;
    this.patienceMs = bounds.patienceMs;
    this.progress = bounds.progress;
  }
  get signal(): AbortSignal {
    return (this.#signal ??= this.#request.signal);
  }
}

export function scopes(deps: Deps): Layer {
  const { clients } = deps.options;
  const { now } = deps.clock;
  // Only live mode has upstream budgets to serve by client (`kit/budget/fair-queue.ts`).
  const live = deps.options.mode === 'live';
  const counts = tallied(deps);
  const made = (c: Context<SleeveEnv>): RequestScope => {
    const batch = bindings(c).sleeveBatch;
    const tally: UpstreamTally | undefined = batch ? batch.tally : counts ? upstreamTally() : undefined;
    // The address rate limits count, which a `/batch` sub-request shares with its caller.
    const client = live ? (clientIp(c, clients) ?? 'unknown') : undefined;
    return new ArrivedRequest(
      c.req.raw,
      client,
      requestScope({ signal: (unread ??= new AbortController().signal), client, tally, now: now() }),
    );
  };
  const readies: FrameLayer = (c, next) => {
    c.set('sleeve.scope', bindings(c).sleeveRerun ?? made(c));
    return next();
  };
  // The hit path runs no route: nothing there reads a scope.
  return { kind: 'readies', readies };
}

/** This request's scope, made by its first layer. */
export function scopeOf(c: Context<SleeveEnv>): RequestScope {
  return c.get('sleeve.scope');
}
