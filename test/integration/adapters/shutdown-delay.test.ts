/**
 * D39: `SLEEVE_SHUTDOWN_DELAY_MS`, on each runtime's real entry and a real SIGTERM. For the
 * delay `/healthz` answers 503 `draining` while new connections are still accepted and every
 * request is answered with `Connection: close` (a keep-alive connection opened before the signal
 * too); live streams are left alone until the drain of D34, which follows the delay; the process
 * exits 0 within the delay plus the shutdown bound.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startChild, type ChildServer } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';
import { rawConnect, sleep, type RawConnection } from '../../helpers/raw-http.ts';
import { UA } from '../../helpers/user-agent.ts';

const DELAY_MS = 2_000;
const BOUND_MS = 3_000;
/** What a machine busy with other work may add to a child's exit as the test sees it. */
const BUSY_SLACK_MS = 5_000;

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\n${extra}\r\n`;

/** A connection refused, or closed unanswered: either way no new request is taken. */
async function refuses(port: number): Promise<boolean> {
  try {
    const conn = await rawConnect(port);
    conn.write(get('/healthz'));
    return (await conn.response(2_000).catch(() => null)) === null;
  } catch {
    return true;
  }
}

/** Whether the server closes `conn` within a second (Deno leaves that to the client: see D39). */
const closesSoon = (conn: RawConnection) =>
  Promise.race([conn.closed.then(() => true), sleep(1_000).then(() => false)]);

/** `closes`: whether the server itself closes a connection after an answer that said `Connection: close`. */
const RUNTIMES = [
  { name: 'Node', script: 'start', closes: true },
  { name: 'Bun', script: 'start:bun', closes: true },
  { name: 'Deno', script: 'start:deno', closes: false },
] as const;

for (const rt of RUNTIMES) {
  describe(`${rt.name} (npm run ${rt.script}) with SLEEVE_SHUTDOWN_DELAY_MS`, () => {
    let server: ChildServer | undefined;
    afterEach(async () => {
      server?.kill('SIGKILL');
      await server?.exited;
      server = undefined;
    });

    it('serves with /healthz draining for the delay, then drains and exits 0 within delay + bound', async () => {
      server = await startChild(
        ...scriptCommand(rt.script),
        {
          SLEEVE_RATE_LIMITS: 'off',
          SLEEVE_LOG: 'off',
          SLEEVE_SHUTDOWN_DELAY_MS: String(DELAY_MS),
          SLEEVE_SHUTDOWN_TIMEOUT_MS: String(BOUND_MS),
        },
        60_000,
      );
      const port = Number(new URL(server.url).port);
      // Warm (the first request loads the catalogue), on a keep-alive connection kept for later.
      const kept = await rawConnect(port);
      kept.write(get('/healthz'));
      expect((await kept.response(10_000))?.status).toBe(200);
      const events = await fetch(`${server.url}/nowplaying/socket`, {
        headers: { accept: 'text/event-stream', 'user-agent': UA },
      });
      const reader = events.body!.getReader();
      let streamed = '';
      const streamEnded = (async () => {
        for (const decoder = new TextDecoder(); ; ) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (done) return Date.now();
          streamed += decoder.decode(value, { stream: true });
        }
      })();

      const signalled = Date.now();
      server.kill('SIGTERM');
      await sleep(300);

      // A new connection is accepted; /healthz says draining, in D34's shape, and closes the connection.
      const probe = await rawConnect(port);
      probe.write(get('/healthz'));
      const health = await probe.response();
      expect(health?.status).toBe(503);
      expect(JSON.parse(health!.body)).toMatchObject({ status: 'draining', checks: [], degraded: true });
      expect(health?.headers.connection).toBe('close');
      if (rt.closes) expect(await closesSoon(probe)).toBe(true);

      // Requests are answered, on new connections and on one kept from before the signal.
      const fresh = await rawConnect(port);
      fresh.write(get('/editorial/genres'));
      const genres = await fresh.response();
      expect(genres?.status).toBe(200);
      expect(JSON.parse(genres!.body)[0]).toMatchObject({ id: 0, name: 'All' });
      expect(genres?.headers.connection).toBe('close');
      kept.write(get('/search/all?query=love&limit=1'));
      const search = await kept.response();
      expect(search?.status).toBe(200);
      expect(search?.headers.connection).toBe('close');
      if (rt.closes) expect(await closesSoon(kept)).toBe(true);

      // Live streams stay until the delay is over; then D34's drain tells them to reconnect.
      expect(streamed).not.toMatch(/event: reconnect/);
      const ended = await streamEnded;
      expect(ended - signalled).toBeGreaterThanOrEqual(DELAY_MS - 100);
      expect(streamed).toMatch(/event: reconnect/);

      expect(await refuses(port)).toBe(true);
      const exit = await server.exited;
      const took = Date.now() - signalled;
      expect(exit).toEqual({ code: 0, signal: null });
      // It served out the delay (a lower bound, which load can only lengthen) and ended within
      // its bound: the process's own timer ends it there; the slack is a busy machine's delay
      // in delivering the signal and seeing the exit, not time the process may take.
      expect(took).toBeGreaterThanOrEqual(DELAY_MS);
      expect(took).toBeLessThan(DELAY_MS + BOUND_MS + BUSY_SLACK_MS);
      expect(server.output()).toMatch(
        new RegExp(
          `SIGTERM: serving ${DELAY_MS} ms more with /healthz draining, then draining; exiting within ${DELAY_MS + BOUND_MS} ms`,
        ),
      );
      for (const conn of [kept, probe, fresh]) conn.destroy();
    });
  });
}
