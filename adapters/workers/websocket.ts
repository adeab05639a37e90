/**
 * @module
 * D12's `/nowplaying/socket` through the Workers WebSocket API (`WebSocketPair`). Hono's own
 * Workers helper (`hono/cloudflare-workers`, deprecated for v5) never calls `onOpen`, where
 * Sleeve sends the first message and starts watching the station: on Workers the server's end
 * is open as soon as it is accepted (what it sends waits for the client), so this one calls it
 * then, as Bun's and Deno's helpers do once their socket opens.
 */
import { defineWebSocketHelper, WSContext } from 'hono/ws';

/** The slice of a Workers WebSocket the helper uses. */
interface WorkerSocket {
  accept(): void;
  send(data: string | ArrayBuffer | Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message' | 'close' | 'error', listener: (event: Event) => void): void;
  readonly readyState: number;
  readonly protocol?: string | null;
}

declare const WebSocketPair: new () => { 0: WorkerSocket; 1: WorkerSocket };

export const upgradeWebSocket = defineWebSocketHelper(async (c, events) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') return;
  const pair = new WebSocketPair();
  const client = pair[0];
  const server = pair[1];
  const ws = new WSContext({
    send: (data) => server.send(data as string | ArrayBuffer | Uint8Array),
    close: (code, reason) => server.close(code, reason),
    raw: server,
    get readyState() {
      return server.readyState as 0 | 1 | 2 | 3;
    },
    get protocol() {
      return server.protocol ?? null;
    },
    url: new URL(c.req.url),
  });
  server.addEventListener('message', (event) => events.onMessage?.(event as MessageEvent, ws));
  server.addEventListener('close', (event) => {
    // workerd (at this compatibility date) does not answer a client's close frame on its own:
    // the client would wait for ours until it gave up.
    const { code, reason } = event as CloseEvent;
    try {
      server.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed from this end.
    }
    events.onClose?.(event as CloseEvent, ws);
  });
  server.addEventListener('error', (event) => events.onError?.(event, ws));
  server.accept();
  events.onOpen?.(new Event('open'), ws);
  // `webSocket` is the Workers runtime's own field of a 101 answer.
  return new Response(null, { status: 101, webSocket: client } as ResponseInit);
});
