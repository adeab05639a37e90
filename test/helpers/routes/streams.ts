/**
 * @module
 * Clients for `/nowplaying/socket` on a real server (D12): a WebSocket and an event stream,
 * both as "give me the next message, validated against the message schema".
 */
import WebSocket from 'ws';
import { nowPlayingMessageSchema, type NowPlayingBody } from '../../../core/schemas/responses/index.ts';
import { startChild } from '../child-server.ts';
import { valid } from '../shape/valid.ts';
import { UA } from './client.ts';

export interface Messages {
  next(): Promise<{ type: 'nowplaying'; data: NowPlayingBody }>;
  close(): void;
}

function openSocket(baseUrl: string): Messages {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/nowplaying/socket`, { headers: { 'user-agent': UA } });
  const queue: unknown[] = [];
  const waiters: (() => void)[] = [];
  let failure: Error | undefined;
  ws.on('message', (data) => {
    queue.push(JSON.parse(String(data)));
    waiters.shift()?.();
  });
  ws.on('error', (error) => {
    failure = error;
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    async next() {
      while (queue.length === 0) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return valid(nowPlayingMessageSchema, queue.shift());
    },
    close: () => ws.close(),
  };
}

/** `fetcher` lets the same client read a handler that is not behind a socket (Vercel's). */
export async function openEvents(
  baseUrl: string,
  fetcher: (request: Request) => Promise<Response> = fetch,
): Promise<Messages> {
  const controller = new AbortController();
  const res = await fetcher(
    new Request(`${baseUrl}/nowplaying/socket`, {
      headers: { accept: 'text/event-stream', 'user-agent': UA },
      signal: controller.signal,
    }),
  );
  if (res.status !== 200 || !res.body) throw new Error(`event stream answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        while (!buffer.includes('\n\n')) {
          const { value, done } = await reader.read();
          if (done) throw new Error('event stream ended');
          buffer += value;
        }
        const at = buffer.indexOf('\n\n');
        const event = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        // `: keep-alive` comments carry no message.
        if (!event.startsWith(':')) return valid(nowPlayingMessageSchema, JSON.parse(event.replace(/^data: /, '')));
      }
    },
    close: () => {
      // Cancelling the body is what ends an in-process stream; aborting ends a socket's.
      void reader.cancel().catch(() => {});
      controller.abort();
    },
  };
}

/** The clock one second after the current song ends: the station has moved on. */
const afterSong = (body: NowPlayingBody): number => (body.now_playing.played_at + body.now_playing.duration + 1) * 1000;

export const TRANSPORTS: [string, (baseUrl: string) => Messages | Promise<Messages>][] = [
  ['WebSocket', openSocket],
  ['Server-Sent Events', openEvents],
];

type Message = Awaited<ReturnType<Messages['next']>>;

/** D12's proof: the first message on connect, then the next once the clock passes the song. */
export async function songChange(
  open: (baseUrl: string) => Messages | Promise<Messages>,
  baseUrl: string,
  setClock: (ms: number) => void,
): Promise<[Message, Message]> {
  const stream = await open(baseUrl);
  try {
    const first = await stream.next();
    setClock(afterSong(first.data));
    return [first, await stream.next()];
  } finally {
    stream.close();
  }
}

export interface FixtureServer {
  url: string;
  setClock(ms: number): void;
  stop(): Promise<void>;
}

/** `socket-server.ts` under a runtime binary; its clock is set through stdin. */
export async function startFixture(command: string, args: string[], clock: number): Promise<FixtureServer> {
  const child = await startChild(command, [...args, 'test/helpers/routes/socket-server.ts'], {
    SLEEVE_TEST_CLOCK: String(clock),
  });
  return { url: child.url, setClock: (ms) => child.send(`clock ${ms}`), stop: () => child.stop() };
}
