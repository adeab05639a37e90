/**
 * @module
 * D12: `/nowplaying` (never cached; elapsed/remaining recomputed per request)
 * and `/nowplaying/socket`, which pushes `{ type: "nowplaying", data }` on connect and on each
 * change, as a WebSocket where the adapter gave an upgrade, or as Server-Sent Events for
 * `Accept: text/event-stream` (every runtime, Vercel included). Each open client holds a slot
 * (`core/http/conn/socket-slots.ts`): bounded per IP and per process, given back when it leaves.
 */
import * as v from 'valibot';
import type { Context } from 'hono';
import type { Deps } from '../../wiring/deps.ts';
import { SleeveError } from '../../errors.ts';
import { clientIp } from '../../http/conn/client-ip.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { slotsFor } from '../../http/conn/socket-slots.ts';
import { asksWebSocket, checkHandshake, upgradeOrRefuse } from '../../http/layers/websocket.ts';
import { nowPlayingSchema } from '../../schemas/responses/index.ts';
import { stationParam } from '../../schemas/params.ts';
import { nowPlayingBody, nowPlayingMessage, type NowPlayingBody } from '../../shape/radio.ts';
import { loadStation, watchStation } from '../../services/radio.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';
import { every } from '../../drivers/kit/index.ts';

/** The station's `/nowplaying` body now, `elapsed`/`remaining` at the injectable clock, URLs on `base`. */
export async function loadNowPlaying(
  deps: Deps,
  station: string | undefined,
  base: string,
  scope?: RequestScope,
): Promise<NowPlayingBody> {
  const now = deps.clock.now();
  return nowPlayingBody(await loadStation(deps, station, now, scope), now, base);
}

/** `send` is given each change after `first`, as a `/nowplaying` body on `base`; returns the unsubscribe function. */
export function watchNowPlaying(
  deps: Deps,
  station: string | undefined,
  first: NowPlayingBody,
  send: (body: NowPlayingBody) => void,
  base: string,
): () => void {
  return watchStation(deps, station, first, send, base, nowPlayingBody);
}

const stationParams = v.object({ station: stationParam() });

export const nowPlaying = defineEndpoint({
  path: '/nowplaying',
  summary: "The station's song now playing, with elapsed and remaining seconds, history and the song up next.",
  rateLimit: 30,
  cache: 'no-store',
  params: stationParams,
  example: { station: 'sleeve' },
  response: nowPlayingSchema,
  async handle({ params, deps, scope, base }) {
    return loadNowPlaying(deps, params.station, base, scope);
  },
});

export const nowPlayingSocket = defineEndpoint({
  path: '/nowplaying/socket',
  summary:
    'The same, pushed on connect and on every change: a WebSocket, or Server-Sent Events with `Accept: text/event-stream`.',
  description: 'Each message is `{ "type": "nowplaying", "data": <the /nowplaying body> }`.',
  rateLimit: 30,
  cache: 'no-store',
  batchable: false,
  websocket: true,
  params: stationParams,
  rules: [
    'a WebSocket handshake (`Upgrade: websocket`), where the runtime takes one, or `Accept: text/event-stream` for Server-Sent Events; a request with neither, or a handshake where the runtime takes none, is 400 `bad_request`',
  ],
  example: { station: 'sleeve' },
  response: {
    media: ['text/event-stream'],
    description: 'Server-Sent Events (or a 101 WebSocket upgrade), one `data:` line per change.',
  },
  async handle({ params, deps, request, scope, base, c }) {
    // A handshake is a WebSocket even with `Accept: text/event-stream`: on Node it arrives on
    // the server's upgrade path, where an event stream could not be sent anyway.
    const wantsSocket = asksWebSocket(c);
    const wantsEvents = !wantsSocket && (request.headers.get('accept') ?? '').includes('text/event-stream');
    if (!wantsEvents && !wantsSocket) {
      throw new SleeveError(
        'bad_request',
        'Connect with a WebSocket, or send Accept: text/event-stream for Server-Sent Events.',
      );
    }
    const upgrade = deps.options.upgradeWebSocket;
    if (wantsSocket && !upgrade)
      throw new SleeveError(
        'bad_request',
        'WebSockets are not available on this runtime; send Accept: text/event-stream instead.',
      );
    if (wantsSocket) checkHandshake(c);
    // Counted before any work, so a flood of handshakes is refused cheaply (429 / 503).
    const release = slotsFor(deps).take(clientIp(c, deps.options.clients));
    try {
      // Resolve the station first, so an unknown one is a plain HTTP 404 on both transports.
      const first = await loadNowPlaying(deps, params.station, base, scope);
      if (upgrade && wantsSocket) return await socket(upgrade, c, deps, params.station, first, base, release);
      return eventStream(deps, params.station, first, base, scope, release);
    } catch (thrown) {
      release();
      throw thrown;
    }
  },
});

/**
 * How long a taken slot waits for the runtime to open the socket. A handshake the runtime
 * drops after we answered (the client left first) never opens nor closes: this gives it back.
 */
const HANDSHAKE_MS = 10_000;

function socket(
  upgrade: NonNullable<Deps['options']['upgradeWebSocket']>,
  c: Context,
  deps: Deps,
  station: string | undefined,
  first: NowPlayingBody,
  base: string,
  release: () => void,
): Promise<Response> {
  let stop: (() => void) | undefined;
  let undrain: (() => void) | undefined;
  let released = false;
  const leave = () => {
    stop?.();
    undrain?.();
    released = true;
    release();
  };
  const unopened = deps.clock.timer(HANDSHAKE_MS, leave, { background: true });
  return upgradeOrRefuse(upgrade, c, {
    onOpen(_event, ws) {
      unopened();
      // Opened after its slot was given back: the count must stay true, so it closes at once.
      if (released) return ws.close(1013, 'Try again later');
      ws.send(nowPlayingMessage(first));
      stop = watchNowPlaying(deps, station, first, (body) => ws.send(nowPlayingMessage(body)), base);
      // 1012 is "service restart": the client reconnects, through the balancer, to an instance that stays.
      undrain = deps.lifecycle.onDrain(() => ws.close(1012, RECONNECT_REASON));
    },
    // D57: the socket only pushes. A data message from the client is nothing Sleeve reads, so
    // it is refused (1008, policy) rather than taken quietly; the runtime's own bound on a
    // message's size (the adapters) keeps a large one from being held whole before this runs.
    onMessage(_event, ws) {
      ws.close(1008, PUSH_ONLY_REASON);
    },
    onClose: leave,
    onError: leave,
  }).catch((thrown: unknown) => {
    unopened();
    throw thrown;
  });
}

/** A comment line this often keeps idle proxies from closing a stream between songs. */
const HEARTBEAT_MS = 15_000;

/** Why a client that sent a message is closed (D57). */
const PUSH_ONLY_REASON = 'This socket only sends; it reads no messages';

/** What a leaving instance tells a live client (D34). */
const RECONNECT_REASON = 'Service restarting: reconnect';
/** An event stream's last event while draining: `retry` sets EventSource's delay before it reconnects. */
export const RECONNECT_EVENT = `retry: 1000\nevent: reconnect\ndata: ${JSON.stringify({ type: 'reconnect', message: RECONNECT_REASON })}\n\n`;

function eventStream(
  deps: Deps,
  station: string | undefined,
  first: NowPlayingBody,
  base: string,
  scope: RequestScope,
  release: () => void,
): Response {
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
      const unwatch = watchNowPlaying(
        deps,
        station,
        first,
        (body) => write(`data: ${nowPlayingMessage(body)}\n\n`),
        base,
      );
      const heartbeat = every(deps.clock, HEARTBEAT_MS, () => write(': keep-alive\n\n'));
      let stopped = false;
      let undrain: (() => void) | undefined;
      stop = () => {
        if (stopped) return;
        stopped = true;
        heartbeat();
        unwatch();
        undrain?.();
        release();
      };
      // A last event, then the end of the stream; EventSource reconnects by itself.
      undrain = deps.lifecycle.onDrain(() => {
        write(RECONNECT_EVENT);
        stop?.();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      });
      // Told at once (the instance was draining already): its stop ran before `undrain` was had.
      if (stopped) undrain();
      if (scope.signal.aborted) stop();
      else scope.signal.addEventListener('abort', () => stop?.(), { once: true });
    },
    cancel() {
      stop?.();
    },
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' },
  });
}
