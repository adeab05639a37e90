/**
 * Test-only apps for the HTTP frame: `createFrame` over a chosen endpoint list, a clock the
 * test moves, a logger that records (errors, and request lines apart), and fetch helpers that
 * send a User-Agent and client IP.
 */
import type { Hono } from 'hono';
import type { SleeveEnv } from '../../../core/http/context.ts';
import { createStorage, type Storage } from 'unstorage';
import * as v from 'valibot';
import { createFrame, type Frame } from '../../../core/frame.ts';
import type { Deps } from '../../../core/wiring/deps.ts';
import { SleeveError, upstreamError } from '../../../core/errors.ts';
import { defineEndpoint, type AnyEndpoint, type Endpoint } from '../../../core/http/endpoint.ts';
import { resolveOptions, type SleeveOptions } from '../../../core/wiring/options.ts';
import { SERVER_PLATFORM } from '../../../core/index.ts';
import { batch } from '../../../core/routes/batch.ts';
import { editorialGenres } from '../../../core/routes/music/editorial.ts';
import { healthz } from '../../../core/routes/health.ts';
import { errorsList } from '../../../core/routes/self/meta.ts';
import { integerParam, requiredText } from '../../../core/schemas/params.ts';
import { createCatalogDrivers } from '../../../core/drivers/catalog/index.ts';
import { storageBreaker } from '../../../core/storage/breaker.ts';
import { countersFor } from '../../../core/storage/counters.ts';
import { lifecycle } from '../../../core/wiring/lifecycle.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';

/** The frame's own endpoints, fixed here so other routes coming and going do not move these tests. */
/** What a test endpoint says of itself: the frame needs a summary and an answer like any other. */
export const stub = { summary: 'A test endpoint.', response: v.any() } as const;

export const frameEndpoints: readonly AnyEndpoint[] = [healthz, editorialGenres, errorsList, batch];

export const UA = 'FrameTest/1.0 (frame@example.com)';

export interface TestApp {
  fetch(path: string, init?: RequestInit & { ip?: string; ua?: string | null }): Promise<Response>;
  json(path: string, init?: RequestInit & { ip?: string; ua?: string | null }): Promise<{ res: Response; body: any }>;
  clock: { now: number };
  logs: { message: string; fields?: Record<string, unknown> }[];
  /** The request log's lines (D20). */
  lines: string[];
  deps: Deps;
  app: Hono<SleeveEnv>;
  frame: Frame;
}

/**
 * `entry`: what `fetch` asks. `served` (default): the frame's `fetch`, as `createSleeve` serves
 * it (held cache hits answered by the hit path); `app`: the Hono app alone, as an embedder
 * mounting `sleeve.app` asks it.
 */
export function testApp(
  endpoints: readonly AnyEndpoint[],
  options: SleeveOptions & { storage?: Storage; entry?: 'served' | 'app' } = {},
): TestApp {
  const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 0) };
  const logs: TestApp['logs'] = [];
  const lines: string[] = [];
  const log = {
    info: () => {},
    error: (message: string, fields?: Record<string, unknown>) => void logs.push({ message, fields }),
    request: (line: string) => void lines.push(line),
  };
  const storage = options.storage ?? createStorage();
  const deps: Deps = {
    options: resolveOptions(options, SERVER_PLATFORM),
    drivers: createCatalogDrivers(),
    storage,
    counters: options.counters ?? countersFor(storage),
    breaker: storageBreaker(log, 'test', systemClock),
    summary: 'demo mode',
    lifecycle: lifecycle(),
    clock: clockOf(() => clock.now),
    log,
  };
  const frame = createFrame(deps, endpoints);
  const { app } = frame;
  const entry = options.entry === 'app' ? (request: Request, env: object) => app.fetch(request, env) : frame.fetch;
  const fetch: TestApp['fetch'] = async (path, init = {}) => {
    const { ip = '203.0.113.7', ua = UA, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (ua !== null && !headers.has('user-agent')) headers.set('user-agent', ua);
    return entry(new Request(`http://sleeve.test${path}`, { ...rest, headers }), { clientIp: ip });
  };
  const json: TestApp['json'] = async (path, init) => {
    const res = await fetch(path, init);
    const text = await res.text();
    return { res, body: text ? JSON.parse(text) : undefined };
  };
  return { fetch, json, clock, logs, lines, deps, app, frame };
}

/** What the switchable test endpoint does on its next call. */
type Behaviour = 'ok' | 'upstream' | 'timeout' | 'notfound' | 'bug' | 'abort-timeout';

/** A counting fake source behind a cached, limited endpoint with params and an alias. */
export interface Echo {
  endpoint: AnyEndpoint;
  state: { calls: number; behaviour: Behaviour };
}

export function echoEndpoint(
  opts: { path?: `/${string}`; rateLimit?: number; cache?: Endpoint['cache']; delayMs?: number } = {},
): Echo {
  const state: Echo['state'] = { calls: 0, behaviour: 'ok' };
  const endpoint = defineEndpoint({
    path: opts.path ?? '/t/echo',
    ...stub,
    aliases: ['/t/echo-alias'],
    rateLimit: opts.rateLimit,
    cache: opts.cache ?? 900,
    params: v.object({ query: requiredText('query'), limit: integerParam('limit', 1, 25, 5) }),
    async handle({ params }) {
      state.calls++;
      if (opts.delayMs) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
      switch (state.behaviour) {
        case 'upstream':
          throw upstreamError('deezer', 'answered 500');
        case 'timeout':
          throw upstreamError('deezer', 'did not answer in 5 s', 'upstream_timeout');
        case 'abort-timeout':
          throw new DOMException('The operation timed out.', 'TimeoutError');
        case 'notfound':
          throw new SleeveError('not_found', `No track for ${params.query}.`, { param: 'query' });
        case 'bug':
          throw new TypeError('cannot read properties of undefined (secret internals)');
      }
      return { query: params.query, limit: params.limit, call: state.calls };
    },
  });
  return { endpoint, state };
}

/**
 * A shared store (its driver says "redis", so counters go through its MULTI) kept in a Map,
 * which fails every call while `state.down`: Redis gone (from the start with `down`), or gone
 * while entries are still held in process.
 */
export function redisLikeStorage(down = false): { storage: Storage; state: { down: boolean } } {
  const state = { down };
  const items = new Map<string, unknown>();
  const counts = new Map<string, number>();
  const up = <T>(value: () => T) =>
    state.down ? Promise.reject(new Error('connect ECONNREFUSED')) : Promise.resolve(value());
  const multi = () => {
    const replies: [null, unknown][] = [];
    const chain = {
      incr: (key: string) => (
        counts.set(key, (counts.get(key) ?? 0) + 1), replies.push([null, counts.get(key)]), chain
      ),
      pexpire: () => (replies.push([null, 1]), chain),
      exec: () => up(() => replies),
    };
    return chain;
  };
  const storage = createStorage({
    driver: {
      name: 'redis',
      getInstance: () => ({ multi }),
      hasItem: (key: string) => up(() => items.has(key)),
      getItem: (key: string) => up(() => items.get(key) ?? null),
      setItem: (key: string, value: unknown) => up(() => void items.set(key, value)),
      removeItem: (key: string) => up(() => void items.delete(key)),
      getKeys: () => up(() => [...items.keys()]),
      clear: () => up(() => items.clear()),
    } as never,
  });
  return { storage, state };
}
