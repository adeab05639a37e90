/**
 * @module
 * D20: the outermost layer. Every request gets an id, answered as `X-Request-Id` on whatever
 * the app answers (errors rendered by `onError`, the catch-all 404, preflights, 405s), one log
 * line once its response is ready (`SLEEVE_LOG`; none for an endpoint operators' tools poll,
 * unless `SLEEVE_LOG_MONITORING`), and its figures in /metrics
 * (`SLEEVE_METRICS`). `/batch` sub-requests pass here too, dispatched through the app: they
 * take their batch's id and tally, are counted in /metrics under their own endpoint (they use
 * its rate limit and cache), and write no line of their own: one line per HTTP request.
 *
 * Cheap on purpose, since it wraps every cache hit: no await, no header rebuilt, one header
 * set. With the log and metrics off it only makes the id; the log line is formatted only
 * when it is written, and metrics are counted only when a registry exists.
 */
import type { Context } from 'hono';
import type { Deps } from '../../wiring/deps.ts';
import type { LoggedError, RequestRecord } from '../../logger.ts';
import { formatter } from '../../observe/request-line.ts';
import { clientAddress } from '../conn/client-ip.ts';
import { asSent } from '../mount.ts';
import { addHeaders, bindings, type SleeveEnv } from '../context.ts';
import { monitoringPaths, type AnyEndpoint } from '../endpoint.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.ts';
import { setTrace, type RequestTrace } from '../request-trace.ts';
import { routeLabels } from './route-label.ts';
import { scopeOf } from './scope.ts';
import type { FrameLayer } from '../frame-chain.ts';
import type { Outcome } from '../outcome.ts';
import type { Answered, AnsweredError, Layer, Observer } from '../pipeline.ts';

/**
 * What a failed request's line says of its error (D65): the code of the error its answer was
 * rendered from (one of another status was answered in some other way: none), and on a 5xx
 * its message as the client got it, Sleeve's own words without an address (D61). A 4xx's
 * message is left out: it may quote what the caller sent (a parameter's name or value), which
 * the line never holds (D20).
 */
function logged(error: AnsweredError | undefined, status: number): LoggedError | undefined {
  if (error === undefined || error.status !== status) return undefined;
  return status >= 500 ? { code: error.code, message: error.message } : { code: error.code };
}

/**
 * The layer: its core (`observer`) is the id rule and the record, figures and a line (`record`
 * undefined when neither is kept, so nothing is timed). The hit path gives a held hit its id
 * and records it with them, and the full form is built around them.
 */
export function observe(deps: Deps, endpoints: readonly AnyEndpoint[]): Layer {
  const { metrics, log } = deps;
  const { now } = deps.clock;
  const { requestLog, clients, logMonitoring } = deps.options;
  const format = requestLog === 'off' ? undefined : formatter(requestLog);
  // Operators' tools poll these every few seconds: their lines would drown clients' (D65).
  const unlogged: ReadonlySet<string> = logMonitoring ? new Set() : monitoringPaths(endpoints);
  const write = log.request ? log.request.bind(log) : (line: string) => log.info(line);
  const written =
    requestLog === 'json' && log.requestRecord ? log.requestRecord.bind(log) : (r: RequestRecord) => write(format!(r));
  const routeOf = format || metrics ? routeLabels(endpoints) : undefined;
  const sent = asSent(deps.options.basePath);

  const record: Observer['record'] =
    routeOf &&
    ((a: Answered): void => {
      if (a.sub && !metrics) return;
      const ms = performance.now() - a.started;
      metrics?.request(a.route, a.method, a.status, ms / 1000, a.cache);
      if (!format || a.sub || unlogged.has(a.route)) return;
      written({
        time: a.arrived ?? now() - ms,
        id: a.id,
        method: a.method,
        url: sent(a.url),
        route: a.route,
        status: a.status,
        ms: Math.round(ms * 10) / 10,
        cache: a.cache ?? undefined,
        ip: a.ip,
        upstream: a.upstream,
        error: a.status >= 400 ? logged(a.error, a.status) : undefined,
      });
    });

  const observer: Observer = { id: requestIdFrom, record };

  /** The response is ready: its figures, and its line unless it is a sub-request's (`out`: what the steps below said of it). */
  const done = (
    c: Context<SleeveEnv>,
    trace: RequestTrace,
    started: number,
    sub: boolean,
    status: number,
    out: Outcome | undefined,
  ): void => {
    if (sub && !metrics) return;
    observer.record!({
      id: trace.id,
      method: c.req.method,
      url: c.req.url,
      route: routeOf!(c),
      status,
      started,
      cache: out?.cache ?? null,
      // The whole address, not the key it is counted under: the line says who asked.
      ip: format && !sub ? clientAddress(c, clients) : undefined,
      upstream: trace.tally?.upstream ?? 0,
      sub,
      error: status >= 400 ? out?.error : undefined,
    });
  };

  const full: FrameLayer = (c, next) => {
    const batch = bindings(c).sleeveBatch;
    const trace: RequestTrace = batch ?? {
      id: observer.id(c.req.raw.headers),
      // Made with the request's scope (`scope.ts`), which its calls count on.
      tally: scopeOf(c).tally,
    };
    setTrace(c, trace);
    addHeaders(c, { [REQUEST_ID_HEADER]: trace.id });
    if (!observer.record) return next();
    const started = performance.now();
    const sub = batch !== undefined;
    // The frame's `next` may answer synchronously (`frame-chain.ts`): a hit then logs at once.
    const out = next();
    if (!(out instanceof Promise)) {
      done(c, trace, started, sub, c.res.status, out);
      return out;
    }
    return out.then(
      (res) => {
        done(c, trace, started, sub, c.res.status, res);
        return res;
      },
      (thrown: unknown) => {
        // Only what is not an Error gets here (errors are rendered where thrown): Hono rethrows it.
        done(c, trace, started, sub, 500, undefined);
        throw thrown;
      },
    );
  };
  return { kind: 'observe', observer, full };
}
