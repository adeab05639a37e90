/**
 * @module
 * A fault-injecting proxy: a real HTTP server on loopback in front of the replay (or any plain
 * HTTP origin) that relays each request, except that at a set rate it injects one of the
 * failures of the wild instead (`flaky-faults.ts`), drawn uniformly from those enabled. The
 * replay's own faults (`Replay.fault`) hit every call of an upstream until cleared: they test
 * one failure at a time. This tests what an operator sees day to day: a few calls in a
 * hundred failing, any of them, among calls that work. Draws are seeded, per request (see
 * `draw`), so a run sending the same requests meets the same faults, even concurrently.
 */
import { Agent, createServer, request as forwardRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRandom } from '../../core/utils/random.ts';
import {
  CDN_502,
  DEEZER_QUOTA,
  drip,
  FLAKY_FAULTS,
  HTTP_500,
  huge,
  MAINTENANCE,
  passed,
  relay,
  send,
  truncated,
  type FlakyFault,
} from './flaky-faults.ts';
import type { Replay } from '../server.ts';
import type { UpstreamName } from '../mounts.ts';

export type { FlakyFault } from './flaky-faults.ts';

export interface FlakyProxyOptions {
  /** The origin relayed to, `http:` only: `replay.url`. */
  target: string;
  /** The replay behind the proxy, whose `options` and `env` the proxy's point at itself. */
  replay?: Pick<Replay, 'url' | 'options' | 'env'>;
  /** Share of requests given a fault, 0 to 1. */
  rate: number;
  /** Those drawn from; default all. */
  faults?: readonly FlakyFault[];
  /** Default 1: the same requests meet the same faults, in whatever order they arrive. */
  seed?: number;
  /** `lateHeaders`: how long the answer's headers are held, default 8000. */
  lateMs?: number;
  /** `drip`: how long the body takes to arrive, default 10000. */
  dripMs?: number;
}

export interface FlakyProxy {
  /** e.g. http://127.0.0.1:41235 */
  url: string;
  /** `${url}/<name>`, as `Replay.urlOf`. */
  urlOf(upstream: UpstreamName): string;
  /** The replay's `options`, pointing at the proxy (only with the `replay` option). */
  options: Replay['options'];
  /** The replay's `env`, pointing at the proxy (only with the `replay` option). */
  env: Replay['env'];
  /** Requests given each fault so far (`quota` off Deezer's paths is counted as the `http500` it becomes). */
  injected: Record<FlakyFault, number>;
  /** Requests relayed untouched: with `injected`, every request the proxy received. */
  forwarded: number;
  setRate(rate: number): void;
  /** Never hangs: destroys every connection, held or dribbling, and clears every timer. */
  close(): Promise<void>;
}

const checkedRate = (rate: number): number => {
  if (!(rate >= 0 && rate <= 1)) throw new Error(`flaky proxy: rate must be within 0..1 (got ${rate})`);
  return rate;
};

/** `value` with every string's `from` origin replaced by `to`: the replay's pointers made the proxy's. */
const rebased = <T>(value: T, from: string, to: string): T =>
  JSON.parse(JSON.stringify(value).replaceAll(`"${from}/`, `"${to}/`)) as T;

export async function startFlakyProxy(options: FlakyProxyOptions): Promise<FlakyProxy> {
  const target = new URL(options.target);
  if (target.protocol !== 'http:')
    throw new Error(`flaky proxy: the target must be an http: origin (got ${options.target})`);
  const faults = options.faults ?? FLAKY_FAULTS;
  if (faults.length === 0) throw new Error('flaky proxy: faults must name at least one fault');
  let rate = checkedRate(options.rate);
  const seed = options.seed ?? 1;
  const lateMs = options.lateMs ?? 8000;
  const dripMs = options.dripMs ?? 10_000;
  const injected = Object.fromEntries(FLAKY_FAULTS.map((fault) => [fault, 0])) as Record<FlakyFault, number>;
  // Its own agent, so close() can drop the connections to the origin too.
  const agent = new Agent({ keepAlive: true });
  const pending = new Set<NodeJS.Timeout>();
  let forwarded = 0;
  let closed = false;

  const later = (ms: number, run: () => void): void => {
    if (closed) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      run();
    }, ms);
    pending.add(timer);
  };

  /**
   * Each request draws from its own generator, keyed on the seed, the request and how many
   * times it was asked before: requests in flight together arrive in no set order, and one
   * shared stream would give the faults to whichever came first. Asked again (a retry), a
   * request draws afresh.
   */
  const asked = new Map<string, number>();
  const draw = (method: string, path: string): FlakyFault | undefined => {
    const key = `${method} ${path}`;
    const nth = (asked.get(key) ?? 0) + 1;
    asked.set(key, nth);
    const random = createRandom(`${seed}/${nth}/${key}`);
    if (!random.chance(rate)) return undefined;
    const fault = random.pick(faults);
    return fault === 'quota' && !path.startsWith('/deezer/') ? 'http500' : fault;
  };

  /** The request sent on to the origin; `answer` gets the origin's answer, unread. */
  const forward = (
    request: IncomingMessage,
    response: ServerResponse,
    answer: (origin: IncomingMessage) => void,
  ): void => {
    const outgoing = forwardRequest(
      {
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...passed(request.headers), host: target.host },
        agent,
      },
      answer,
    );
    outgoing.once('error', () =>
      response.headersSent
        ? response.destroy()
        : send(response, {
            status: 502,
            headers: { 'content-type': 'text/plain' },
            body: 'flaky proxy: the origin did not answer',
          }),
    );
    // A client gone before its answer is whole takes the origin's request with it.
    response.once('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  };

  const server = createServer((request, response) => {
    const fault = draw(request.method ?? 'GET', request.url ?? '/');
    if (fault === undefined) {
      forwarded++;
      return forward(request, response, (origin) => relay(origin, response));
    }
    injected[fault]++;
    switch (fault) {
      case 'reset':
        return void request.socket.destroy();
      case 'http500':
        return send(response, HTTP_500);
      case 'cdn502':
        return send(response, CDN_502);
      case 'notJson':
        return send(response, MAINTENANCE);
      case 'quota':
        return send(response, DEEZER_QUOTA);
      case 'huge':
        return huge(response);
      // These need the origin's answer, and a length to cut or spread: one without (an event stream) is relayed.
      case 'lateHeaders':
        return forward(request, response, (origin) => later(lateMs, () => relay(origin, response)));
      case 'truncated':
      case 'drip':
        return forward(request, response, (origin) => {
          if (origin.headers['content-length'] === undefined) relay(origin, response);
          else if (fault === 'truncated') truncated(origin, response);
          else drip(origin, response, dripMs, later);
        });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pointed = options.replay && {
    options: rebased(options.replay.options, options.replay.url, url),
    env: rebased(options.replay.env, options.replay.url, url),
  };
  const unpointed = (): never => {
    throw new Error(
      "flaky proxy: options and env are the replay's, pointed here: start the proxy with the `replay` option",
    );
  };

  return {
    url,
    urlOf: (upstream) => `${url}/${upstream}`,
    get options() {
      return pointed?.options ?? unpointed();
    },
    get env() {
      return pointed?.env ?? unpointed();
    },
    injected,
    get forwarded() {
      return forwarded;
    },
    setRate(next) {
      rate = checkedRate(next);
    },
    close() {
      closed = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      agent.destroy();
      return new Promise<void>((resolve) => {
        // Resolves even when already closed: close() is safe to call twice.
        server.close(() => resolve());
        // Held, dribbling and huge answers would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}
