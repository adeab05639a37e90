/**
 * D12 on the other runtimes: `/nowplaying/socket` as a WebSocket and as Server-Sent Events
 * through the real `bun` and `deno` binaries and their adapters (`hono/bun`, `hono/deno`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/child-server.ts';
import { songChange, startFixture, TRANSPORTS, type FixtureServer } from './_streams.ts';

const runtimes: [string, string, string[]][] = [
  ['Bun', `${BIN}bun`, []],
  ['Deno', `${BIN}deno`, ['run', '--unstable-no-legacy-abort', '--allow-net', '--allow-env', '--allow-read']],
];

describe.each(runtimes)('/nowplaying/socket on %s', (_name, command, args) => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixture(command, args, Date.UTC(2026, 10, 22, 18, 0, 0));
  });
  afterAll(() => server?.stop());

  it.each(TRANSPORTS)('%s: first message on connect, the next when the song changes', async (_name, open) => {
    const [first, next] = await songChange(open, server.url, (ms) => server.setClock(ms));
    expect(next.data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
  });
});
