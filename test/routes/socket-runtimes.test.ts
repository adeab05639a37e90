/**
 * D12 on the other runtimes: `/nowplaying/socket` as a WebSocket and as Server-Sent Events
 * through the real `bun` and `deno` binaries and their adapters (`hono/bun`, `hono/deno`);
 * and (issue 10) a WebSocket under a version prefix, and refused handshakes answered with
 * their status and D3 body, a handshake to an ordinary path included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/child-server.ts';
import { handshake, hangUp } from './_handshake.ts';
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

  it('upgrades under a version prefix', async () => {
    const result = await handshake(`${server.url}/v2.5.0/nowplaying/socket`);
    expect(result).toMatchObject({ opened: true, first: { type: 'nowplaying' } });
    await hangUp(result);
  });

  it.each([
    ['/nowplaying/socket?station=nope', 404, 'not_found', undefined],
    ['/nowplaying/socket', 401, 'unauthorized', {}],
    ['/healthz', 400, 'bad_request', undefined],
  ] as const)('refuses a handshake to %s with %i and the D3 body', async (path, status, code, headers) => {
    const result = await handshake(`${server.url}${path}`, headers);
    expect(result).toMatchObject({ opened: false, status });
    if (!result.opened) expect(JSON.parse(result.body)).toMatchObject({ ok: false, error: { code } });
  });
});
