/**
 * @module
 * Spec §4.19 and D12: `/nowplaying` (never cached; elapsed/remaining recomputed per request)
 * and `/nowplaying/socket`, which pushes `{ type: "nowplaying", data }` on connect and on each
 * change, as a WebSocket where the adapter gave an upgrade, or as Server-Sent Events for
 * `Accept: text/event-stream` (every runtime, Vercel included).
 */
import * as v from 'valibot';
import type { Context } from 'hono';
import type { Deps } from '../deps.ts';
import { SleeveError } from '../errors.ts';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { optionalText } from '../schemas/params.ts';
import type { NowPlayingBody } from '../shape/radio.ts';
import { baseUrlOf } from '../shape/urls.ts';
import { loadNowPlaying, nowPlayingMessage, watchNowPlaying } from '../services/radio.ts';

const stationParams = v.object({ station: optionalText('station', 64) });

export const nowPlaying: Endpoint<unknown> = defineEndpoint({
  path: '/nowplaying',
  rateLimit: 30,
  cache: 'no-store',
  params: stationParams,
  async handle({ params, deps, request }) {
    return loadNowPlaying(deps, params.station, baseUrlOf(deps.options.baseUrl, request), request.signal);
  },
});

export const nowPlayingSocket: Endpoint<unknown> = defineEndpoint({
  path: '/nowplaying/socket',
  rateLimit: 30,
  cache: 'no-store',
  batchable: false,
  params: stationParams,
  async handle({ params, deps, request, c }) {
    const wantsEvents = (request.headers.get('accept') ?? '').includes('text/event-stream');
    const wantsSocket = request.headers.get('upgrade')?.toLowerCase() === 'websocket';
    if (!wantsEvents && !wantsSocket) {
      throw new SleeveError('bad_request', 'Connect with a WebSocket, or send Accept: text/event-stream for Server-Sent Events.');
    }
    // Resolve the station first, so an unknown one is a plain HTTP 404 (D12) on both transports.
    const base = baseUrlOf(deps.options.baseUrl, request);
    const first = await loadNowPlaying(deps, params.station, base, request.signal);
    if (wantsEvents) return eventStream(deps, params.station, first, base, request.signal);
    const upgrade = deps.options.upgradeWebSocket;
    if (!upgrade) throw new SleeveError('bad_request', 'WebSockets are not available on this runtime; send Accept: text/event-stream instead.');
    return socket(upgrade, c, deps, params.station, first, base);
  },
});

function socket(upgrade: NonNullable<Deps['options']['upgradeWebSocket']>, c: Context, deps: Deps, station: string | undefined, first: NowPlayingBody, base: string): Promise<Response> {
  let stop: (() => void) | undefined;
  return upgrade(c, {
    onOpen(_event, ws) {
      ws.send(nowPlayingMessage(first));
      stop = watchNowPlaying(deps, station, first, (body) => ws.send(nowPlayingMessage(body)), base);
    },
    onClose() {
      stop?.();
    },
    onError() {
      stop?.();
    },
  });
}

/** A comment line this often keeps idle proxies from closing a stream between songs. */
const HEARTBEAT_MS = 15_000;

function eventStream(deps: Deps, station: string | undefined, first: NowPlayingBody, base: string, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let stop: (() => void) | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop?.(); // the client is gone
        }
      };
      write(`data: ${nowPlayingMessage(first)}\n\n`);
      const unwatch = watchNowPlaying(deps, station, first, (body) => write(`data: ${nowPlayingMessage(body)}\n\n`), base);
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unwatch();
      };
      signal.addEventListener('abort', () => stop?.(), { once: true });
    },
    cancel() {
      stop?.();
    },
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' },
  });
}
