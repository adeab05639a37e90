/**
 * @module
 * `createSleeveWith(options, platform)`: the whole service as a web-standard handler, with
 * what its platform gives by default (where the storage spec leads, how `/docs` and the PNG
 * cards read their files). `createSleeve` (the entry) gives a server's: `storageFromSpec`
 * (memory, fs, Redis) and the installed packages' files; a Worker gives its own, so a Worker's
 * bundle carries neither the Redis driver nor the readers through `node:fs` (D47).
 */
import type { Hono } from 'hono';
import type { Storage } from './storage/storage.ts';
import type { SleeveEnv } from './http/context.ts';
import { createFrame } from './frame.ts';
import { unmounted } from './http/mount.ts';
import type { Deps } from './wiring/deps.ts';
import type { Logger } from './logger.ts';
import { createMetrics } from './observe/metrics.ts';
import { resolveOptions, type Platform, type SleeveOptions } from './wiring/options.ts';
import { endpoints } from './routes/index.ts';
import { cachedPaths, monitoringPaths } from './http/endpoint.ts';
import { metrics as metricsRoute } from './routes/self/metrics.ts';
import { STATUS_ROUTES } from './routes/self/status.ts';
import { cacheFigures } from './observe/cache-figures.ts';
import { upstreamWatch } from './observe/upstreams.ts';
import { createStatusBoard } from './status/board.ts';
import { clockOf, DEFERRED, systemClock, createDriverContext, type DriverContext } from './drivers/kit/index.ts';
import { registerDrivers } from './wiring/registry.ts';
import type { Drivers } from './drivers/contracts/drivers.ts';
import { storageBreaker } from './storage/breaker.ts';
import { countersFor } from './storage/counters.ts';
import { VERSION } from './version.ts';
import { underCeiling } from './services/ai/ceiling.ts';
import { lifecycle } from './wiring/lifecycle.ts';
import { isConnInfo, runtimeConn, type ExecutionContextLike } from './http/conn/runtime-conn.ts';

/** What an adapter knows about the connection and core cannot: passed as Hono `env`. */
export interface ConnInfo {
  /** The socket's remote address; forwarding headers count only with `trustProxy`. */
  clientIp?: string;
  /**
   * Keeps work that outlives the answer going (a Worker's `ctx.waitUntil`): cache writes,
   * refreshes and deferred answers. Without it such work runs detached, as a server process allows.
   */
  waitUntil?(work: Promise<unknown>): void;
}

export interface Sleeve {
  /**
   * Answers a request. A cache hit held in process comes back as a Response at once, not a
   * promise, so a server that can write it synchronously does (await works on both).
   *
   * `info` is a `ConnInfo`, or whatever the runtime hands a fetch handler: the client's address
   * is read from `@hono/node-server`'s `{ incoming }`, Bun's server, Deno's handler info, or a
   * Worker's `cf-connecting-ip` (see `clientAddressOf`), so `Bun.serve({ fetch: sleeve.fetch })`,
   * `Deno.serve(sleeve.fetch)` and `app.mount('/music', sleeve.fetch)` count each client apart.
   * `context` is a Worker's execution context (its `waitUntil`), as Workers and Hono's `mount` pass it.
   */
  fetch(request: Request, info?: ConnInfo | object, context?: ExecutionContextLike): Response | Promise<Response>;
  app: Hono<SleeveEnv>;
  /** What the service was built with, for start-up lines and embedders. */
  deps: Deps & {
    /** @deprecated `drivers`' old name (D46), kept for embedders' code that reads it. */
    readonly sources: Drivers;
  };
  /**
   * Begins a graceful shutdown (D34): `/healthz` and `/readyz` answer 503 `draining` from now on, and every
   * `/nowplaying/socket` client is told to reconnect (a 1012 close frame, or a last `reconnect`
   * event) and let go. Requests keep being answered. The server adapters call it on SIGTERM.
   * Resolves once those clients have gone.
   */
  drain(): Promise<void>;
  /**
   * D39: begins a shutdown delay: `/healthz` and `/readyz` answer 503 `draining` from now on, so a balancer
   * polling it takes the instance out, and nothing else changes (requests are answered, live
   * streams stay). The server adapters call it on SIGTERM when `shutdownDelayMs` is set, and
   * `drain()` once the delay is over.
   */
  leave(): void;
  /**
   * Lets go of what outlives requests, once the server has stopped: writes the log lines a
   * batching logger holds, and closes the storage's connection (Redis), so the process can end.
   */
  close(): Promise<void>;
}

/** One line per event, fields as JSON (a stack's newlines escaped), so a log line is one record. */
const line = (message: string, fields?: Record<string, unknown>) =>
  `[sleeve] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;
/**
 * An embedder's default: Sleeve's notices go to stderr, so the host's stdout stays the
 * host's; request lines are off unless asked for (`requestLog`), then on stdout as they are.
 * The server adapters log to stdout through their own logger, request lines on.
 */
const notice = (message: string, fields?: Record<string, unknown>) => console.error(line(message, fields));
const consoleLogger: Logger = {
  info: notice,
  error: notice,
  request: (message) => console.log(message),
};

export function createSleeveWith(options: SleeveOptions, platform: Platform): Sleeve {
  const resolved = resolveOptions(options, platform);
  const ownStorage = typeof options.storage !== 'object';
  // The one clock every read of time and every wait in core goes through (`kit/clock.ts`).
  const clock = options.now ? clockOf(options.now) : systemClock;
  const { now } = clock;
  const storage: Storage =
    typeof options.storage === 'object'
      ? options.storage
      : platform.storage(options.storage ?? 'memory', resolved.cache.answers, { maxBytes: resolved.fsBytes, now });
  const log = options.log ?? consoleLogger;
  // Recovery is probed with a read of a key that need not exist: any answer means the storage is back.
  const breaker = storageBreaker(log, resolved.storageName, clock, () => storage.hasItem('sleeve:breaker-probe'));
  const counters = options.counters ?? countersFor(storage);
  let ctx: DriverContext | undefined;
  const life = lifecycle();
  const startedAt = now();
  // Nothing is counted unless /metrics or /status is served.
  const watch = resolved.metrics || resolved.status ? upstreamWatch(now) : undefined;
  const metrics = watch
    ? createMetrics({
        version: VERSION,
        mode: resolved.mode,
        startedAt,
        budgets: () => ctx?.budgets ?? new Map(),
        memory: options.processMemory,
        upstreams: watch,
        draining: () => life.draining,
        cache: cacheFigures(storage, resolved.cache.answers),
        retryAfterSeconds: resolved.mode === 'live' ? () => Math.ceil(backlogMs(1) / 1000) : undefined,
        cachedRoutes: cachedPaths(endpoints),
      })
    : undefined;
  const given = options.sources ?? {};
  // The `ai` option still makes the chat model when every other source is given.
  const complete = given.music && given.features && given.radio && (given.ai || !resolved.ai);
  const registered = complete
    ? { drivers: given as Drivers, summary: `${resolved.mode} mode (drivers given by the embedder)` }
    : registerDrivers(
        resolved,
        watchedContext(
          (ctx = createDriverContext({
            storage,
            breaker,
            clock,
            log,
            fetch: options.fetch,
            ...(metrics ? { onCall: metrics.upstreamCall } : {}),
            onDropped: metrics?.droppedItems,
            budgetScope: resolved.budgetScope,
            counters,
            settings: resolved.upstreamSettings,
          })),
        ),
      );
  // Every call to the chat model, an embedder's own included, is under the instance's ceiling (D56).
  const drivers: Drivers = underCeiling(
    { ...registered.drivers, ...given },
    {
      perHour: resolved.aiPerHour,
      store: counters,
      breaker,
      now: clock.now,
      onSpent: (perHour, resetAt) =>
        log.info(`the AI budget of ${perHour} model calls this hour is spent: the AI routes answer 503 until it ends`, {
          until: new Date(resetAt).toISOString(),
        }),
    },
  );
  /** The drivers' context, its circuits and budgets watched for /metrics and /status. */
  function watchedContext(context: DriverContext): DriverContext {
    return watch ? watch.watchContext(context) : context;
  }
  function backlogMs(more: number): number {
    return Math.max(0, ...Array.from(ctx?.budgets.values() ?? [], (budget) => budget.backlogMs(more)));
  }
  const deferredMs = (more: number) =>
    Math.max(0, ...Array.from(ctx?.budgets.values() ?? [], (budget) => budget.laneBacklogMs(DEFERRED, more)));
  const status =
    metrics && resolved.status
      ? createStatusBoard({
          status: resolved.status,
          metrics,
          clock,
          instance: { version: VERSION, mode: resolved.mode, storage: resolved.storageName, startedAt },
          monitoring: monitoringPaths(endpoints),
        })
      : undefined;
  const deps: Deps = {
    options: resolved,
    drivers,
    storage,
    breaker,
    counters,
    summary: registered.summary,
    clock,
    log,
    metrics,
    lifecycle: life,
    backlogMs,
    deferredMs,
    status,
  };
  const { app, fetch } = createFrame(
    deps,
    endpoints.filter(
      (endpoint) =>
        (resolved.metrics || endpoint !== metricsRoute) && (status || !STATUS_ROUTES.includes(endpoint as never)),
    ),
  );
  if (resolved.mode === 'live' && resolved.baseUrl === undefined) {
    // D62: said once, at start. Answers say `Vary: Host`, but a cache in front that ignores
    // `Vary` (or a proxy that passes on any `Host`) could still hand one client's links to another.
    log.info(
      "no base URL is set (SLEEVE_BASE_URL, the baseUrl option): links in answers are built from each request's Host, and answers carry Vary: Host; behind a shared cache or a proxy, set it to the public base (Sleeve's docs/deploying.md#behind-a-shared-cache)",
    );
  }
  const strip = unmounted(resolved.basePath);
  // Nothing to tell behind a trusted proxy (its headers name the client) or with no limits to share.
  let toldNoAddress = resolved.clients.trust.kind === 'hops' || resolved.rateLimits === 'off';
  const connOf = (request: Request, info: unknown, context: unknown) => {
    const env = runtimeConn(request, info, context);
    if (env.clientIp === undefined && !toldNoAddress) {
      // Said once: every client then shares one rate limit and one lane of the upstream queue.
      toldNoAddress = true;
      log.info(
        `fetch was given no client address, so every client shares one rate limit: pass { clientIp } as its second argument, or what the server hands a fetch handler (Bun's and Deno's serve, Hono's on @hono/node-server); Sleeve's docs/library.md#the-client-address`,
      );
    }
    return env;
  };
  return {
    fetch: (request, info, context) => fetch(strip(request), isConnInfo(info) ? info : connOf(request, info, context)),
    app,
    // The old name, read-only, beside the new one: the one place core still says `sources` for drivers.
    deps: Object.defineProperty(deps as Deps & { readonly sources: Drivers }, 'sources', { get: () => deps.drivers }),
    drain: () => deps.lifecycle.drain(),
    leave: () => deps.lifecycle.leave(),
    close: async () => {
      status?.stop();
      void deps.lifecycle.drain();
      await log.flush?.();
      // A storage the embedder passed in is theirs to close.
      if (ownStorage) await storage.dispose();
    },
  };
}
