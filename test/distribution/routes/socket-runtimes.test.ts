/**
 * D12 on the other runtimes: `/nowplaying/socket` as a WebSocket and as Server-Sent Events
 * through the real `bun` and `deno` binaries and their adapters (`hono/bun`, `hono/deno`);
 * and (issue 10) a WebSocket under a version prefix, and refused handshakes answered with
 * their status and D3 body, a handshake to an ordinary path included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../../helpers/child-server.ts';
import { MiB, smallTextMessage, unfinishedLargeMessage } from '../../helpers/routes/frames.ts';
import { handshake, hangUp } from '../../helpers/routes/handshake.ts';
import { songChange, startFixture, TRANSPORTS, type FixtureServer } from '../../helpers/routes/streams.ts';

const runtimes: [string, string, string[]][] = [
  ['Bun', `${BIN}bun`, []],
  ['Deno', `${BIN}deno`, ['run', '--unstable-no-legacy-abort', '--allow-net', '--allow-env', '--allow-read']],
];

describe.each(runtimes)('/nowplaying/socket on %s', (name, command, args) => {
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

  // 1 MiB: past the 4 KiB bound, under each runtime's own (Bun 16 MiB, Deno 64 MiB a frame).
  // Bun closes the socket as the header comes (1009); Deno, which takes no bound, when the
  // client stalled inside the message leaves its ping unanswered (1001, the fixture's 1 s idle timeout).
  it('D57: a message declared past the bound and never finished is not held: the socket closes', async () => {
    expect(await unfinishedLargeMessage(server.url, MiB)).toMatchObject({ closed: true });
  });

  it.runIf(name === 'Deno')('D57: Deno closes on its header a frame declared past its own 64 MiB', async () => {
    expect(await unfinishedLargeMessage(server.url, 65 * MiB)).toMatchObject({ closed: true });
  });

  it('D57: a ping is answered, and a small text message closes the socket (1008)', async () => {
    const result = await handshake(`${server.url}/nowplaying/socket`);
    expect(result.opened).toBe(true);
    if (result.opened) expect(await smallTextMessage(result.socket)).toEqual({ pong: true, code: 1008 });
  });
});
