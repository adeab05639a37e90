/**
 * @module
 * The replay server: a real HTTP server on loopback that stands in for Sleeve's upstreams,
 * so live mode runs with no internet, in tests and on a laptop. Each upstream is mounted
 * under its own prefix (`/deezer`); this file adds what is common to all of them: the log of
 * calls, the quota, added latency, injected faults, and a close() that never hangs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure, withOdd, type Fault } from './faults/faults.ts';
import { SlidingWindow } from './sliding-window.ts';
import type { Answer, AnswerKind, Streamed, StreamingUpstream, Upstream, UpstreamRequest } from './contract.ts';
import { isUpstream, UPSTREAMS, type UpstreamName } from './mounts.ts';

/** The replay's own API takes a `Fault` (`Replay.fault`): offered here beside it. */
export type { Fault } from './faults/faults.ts';

export interface ReplayCall {
  upstream: UpstreamName;
  method: string;
  /** Below the upstream's prefix: `/track/3135556`. */
  path: string;
  /** As `URL.search`: `?q=daft` or empty. */
  search: string;
  /** When the request arrived (Date.now() ms). */
  at: number;
  /** 0 when the connection was reset or left hanging. */
  status: number;
  /** What the answer amounts to (`AnswerKind`). */
  body: AnswerKind;
}

const streams = (upstream: Upstream): upstream is StreamingUpstream =>
  typeof (upstream as Partial<StreamingUpstream>).stream === 'function';

export interface ReplayOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  hostname?: string;
  /** Quota mode: past `limit` calls in any sliding `windowMs`, answer Deezer's code-4 body (HTTP 200). false = off (default). */
  quota?: { limit: number; windowMs: number } | false;
  /** Added to every answer, default 0. */
  latencyMs?: number;
}

export interface Replay {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** `${url}/deezer`: what SLEEVE_DEEZER_URL is set to. */
  deezerUrl: string;
  /** `${url}/<name>`: the base URL of any mounted upstream. */
  urlOf(upstream: UpstreamName): string;
  /** What points a live Sleeve at this replay alone: `createSleeve({ mode: 'live', ...replay.options })`. */
  options: {
    upstreams: { deezer: string; features: string; azuracast: string };
    deezer: { imagesUrl: string };
    links: {
      spotifyUrl: string;
      spotifyApiUrl: string;
      spotifyAccountsUrl: string;
      itunesUrl: string;
      youtubeUrl: string;
      soundcloudUrl: string;
      shortLinksUrl: string;
    };
    lrclib: { baseUrl: string };
    knowledge: { wikidataUrl: string; wikipediaUrl: string };
  };
  /** The same as environment variables, for a Sleeve started as a process. */
  env: {
    SLEEVE_DEEZER_URL: string;
    SLEEVE_FEATURES_URL: string;
    SLEEVE_AZURACAST_URL: string;
    SLEEVE_DEEZER_IMAGES_URL: string;
    SLEEVE_SPOTIFY_URL: string;
    SLEEVE_SPOTIFY_API_URL: string;
    SLEEVE_SPOTIFY_ACCOUNTS_URL: string;
    SLEEVE_ITUNES_URL: string;
    SLEEVE_YOUTUBE_URL: string;
    SLEEVE_SOUNDCLOUD_URL: string;
    SLEEVE_SHORT_LINKS_URL: string;
    SLEEVE_LRCLIB_URL: string;
    SLEEVE_WIKIDATA_URL: string;
    SLEEVE_WIKIPEDIA_URL: string;
  };
  /** Every request received under an upstream's prefix, in order. */
  calls: ReplayCall[];
  /** Clears calls and the quota window. */
  reset(): void;
  /** Injects a fault for following calls; null clears. `slow` waits `delayMs` (default 6000). */
  fault(upstream: UpstreamName, fault: Fault, options?: { delayMs?: number }): void;
  close(): Promise<void>;
}

/** Longer than the 5 s a driver is expected to wait, so `slow` trips its timeout. */
const SLOW_MS = 6000;

export async function startReplay(options: ReplayOptions = {}): Promise<Replay> {
  const upstreams = Object.fromEntries(Object.entries(UPSTREAMS).map(([name, make]) => [name, make()])) as Record<
    UpstreamName,
    Upstream
  >;
  const calls: ReplayCall[] = [];
  const faults = new Map<ReplayCall['upstream'], { fault: Exclude<Fault, null>; delayMs: number }>();
  // Each upstream's quota is its own (Deezer's 50 per 5 s is not ReccoBeats' or AzuraCast's).
  const quotas = new Map<UpstreamName, SlidingWindow>();
  const quotaOf = (name: UpstreamName): SlidingWindow | undefined => {
    if (!options.quota) return undefined;
    let window = quotas.get(name);
    if (!window) quotas.set(name, (window = new SlidingWindow(options.quota.limit, options.quota.windowMs)));
    return window;
  };
  const latencyMs = options.latencyMs ?? 0;
  const pending = new Set<NodeJS.Timeout>();
  let url = '';

  const later = (ms: number, send: () => void): void => {
    if (ms <= 0) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      pending.delete(timer);
      send();
    }, ms);
    pending.add(timer);
  };

  const server = createServer((request, response) => {
    const target = URL.parse(request.url ?? '/', 'http://replay.invalid');
    if (target === null)
      return write(response, { status: 400, contentType: 'text/plain', body: 'Bad Request', kind: 'notfound' });
    const [, prefix = '', ...rest] = target.pathname.split('/');
    if (!isUpstream(prefix))
      return write(response, { status: 404, contentType: 'text/plain', body: 'Not Found', kind: 'notfound' });
    const upstream = upstreams[prefix];
    const at = Date.now();
    const call: ReplayCall = {
      upstream: prefix,
      method: request.method ?? 'GET',
      path: `/${rest.join('/')}`,
      search: target.search,
      at,
      status: 0,
      body: 'fault',
    };
    calls.push(call);

    const injected = faults.get(prefix);
    const fault = injected?.fault;
    // `slow` and the odd answers are the upstream's own answer, later or altered (below).
    const odd = fault === 'oddItem' || fault === 'oddRecord' ? fault : undefined;
    if (fault !== undefined && fault !== 'slow' && fault !== 'oddItem' && fault !== 'oddRecord') {
      const outcome = failure(fault, upstream);
      if (outcome === 'reset') return void request.socket.destroy();
      // A hanging request is only ended by close(), which destroys every connection.
      if (outcome === 'hang') return;
      call.status = outcome.status;
      return later(latencyMs, () => write(response, outcome));
    }
    const asked: UpstreamRequest = {
      method: call.method,
      path: call.path,
      params: target.searchParams,
      baseUrl: `${url}/${prefix}`,
    };
    const quota = quotaOf(prefix);
    const over = quota !== undefined && !quota.admit(at);
    const streamed = !over && streams(upstream) ? upstream.stream(asked) : undefined;
    if (streamed !== undefined) {
      call.status = streamed.status;
      call.body = streamed.kind;
      return later(latencyMs + (injected?.delayMs ?? 0), () => openStream(response, streamed));
    }
    const own = over ? upstream.quotaExceeded() : upstream.answer(asked);
    const answer = odd === undefined ? own : withOdd(odd, own);
    call.status = answer.status;
    call.body = answer.kind;
    later(latencyMs + (injected?.delayMs ?? 0), () => write(response, answer));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.hostname ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;

  return {
    url,
    deezerUrl: `${url}/deezer`,
    urlOf: (upstream) => `${url}/${upstream}`,
    options: {
      upstreams: { deezer: `${url}/deezer`, features: `${url}/reccobeats`, azuracast: `${url}/azuracast` },
      deezer: { imagesUrl: `${url}/deezer-images` },
      links: {
        spotifyUrl: `${url}/spotify`,
        spotifyApiUrl: `${url}/spotify-api`,
        spotifyAccountsUrl: `${url}/spotify-accounts`,
        itunesUrl: `${url}/itunes`,
        youtubeUrl: `${url}/youtube`,
        soundcloudUrl: `${url}/soundcloud`,
        shortLinksUrl: `${url}/short-links`,
      },
      lrclib: { baseUrl: `${url}/lrclib` },
      knowledge: { wikidataUrl: `${url}/wikidata`, wikipediaUrl: `${url}/wikipedia` },
    },
    env: {
      SLEEVE_DEEZER_URL: `${url}/deezer`,
      SLEEVE_FEATURES_URL: `${url}/reccobeats`,
      SLEEVE_AZURACAST_URL: `${url}/azuracast`,
      SLEEVE_DEEZER_IMAGES_URL: `${url}/deezer-images`,
      SLEEVE_SPOTIFY_URL: `${url}/spotify`,
      SLEEVE_SPOTIFY_API_URL: `${url}/spotify-api`,
      SLEEVE_SPOTIFY_ACCOUNTS_URL: `${url}/spotify-accounts`,
      SLEEVE_ITUNES_URL: `${url}/itunes`,
      SLEEVE_YOUTUBE_URL: `${url}/youtube`,
      SLEEVE_SOUNDCLOUD_URL: `${url}/soundcloud`,
      SLEEVE_SHORT_LINKS_URL: `${url}/short-links`,
      SLEEVE_LRCLIB_URL: `${url}/lrclib`,
      SLEEVE_WIKIDATA_URL: `${url}/wikidata`,
      SLEEVE_WIKIPEDIA_URL: `${url}/wikipedia`,
    },
    calls,
    reset() {
      calls.length = 0;
      quotas.clear();
    },
    fault(upstream, fault, faultOptions = {}) {
      if (fault === null) faults.delete(upstream);
      else faults.set(upstream, { fault, delayMs: fault === 'slow' ? (faultOptions.delayMs ?? SLOW_MS) : 0 });
    },
    close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      return new Promise<void>((resolve) => {
        // Resolves even when already closed: close() is safe to call twice.
        server.close(() => resolve());
        // Keep-alive sockets, hanging and slow requests would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}

function openStream(response: ServerResponse<IncomingMessage>, streamed: Streamed): void {
  if (response.destroyed) return;
  response.writeHead(streamed.status, streamed.headers);
  response.flushHeaders();
  let ended = false;
  const stop = streamed.open(
    (text) => {
      if (!ended && !response.destroyed) response.write(text);
    },
    () => {
      if (!ended) response.end();
      ended = true;
    },
  );
  // Also on close(), which destroys every connection.
  response.once('close', () => {
    ended = true;
    stop();
  });
}

function write(response: ServerResponse<IncomingMessage>, answer: Answer): void {
  if (response.destroyed) return;
  response.writeHead(answer.status, {
    'content-type': answer.contentType,
    'content-length': Buffer.byteLength(answer.body),
  });
  response.end(answer.body);
}
