/**
 * D12 on the other runtimes: `/nowplaying/socket` as a WebSocket and as Server-Sent Events
 * through the real `bun` and `deno` binaries and their adapters (`hono/bun`, `hono/deno`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/child-server.ts';
import { afterSong, openEvents, openSocket, startFixture, type FixtureServer } from './_streams.ts';

const runtimes: [string, string, string[]][] = [
  ['Bun', `${BIN}bun`, []],
  ['Deno', `${BIN}deno`, ['run', '--unstable-no-legacy-abort', '--allow-net', '--allow-env', '--allow-read']],
];

describe.each(runtimes)('/nowplaying/socket on %s', (_name, command, args) => {
  let server: FixtureServer;
  let clock = Date.UTC(2026, 10, 22, 18, 0, 0);
  beforeAll(async () => {
    server = await startFixture(command, args, clock);
  });
  afterAll(() => server?.stop());

  it('WebSocket: first message on connect, the next when the song changes', async () => {
    const socket = openSocket(server.url);
    try {
      const first = await socket.next();
      clock = afterSong(first.data);
      server.setClock(clock);
      expect((await socket.next()).data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
    } finally {
      socket.close();
    }
  });

  it('Server-Sent Events: the same', async () => {
    const events = await openEvents(server.url);
    try {
      const first = await events.next();
      clock = afterSong(first.data);
      server.setClock(clock);
      expect((await events.next()).data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
    } finally {
      events.close();
    }
  });
});
