/**
 * D34: SIGTERM on each runtime's real entry (`npm start`, `start:bun`, `start:deno`), as a
 * process manager sends it. A request in flight finishes, `/healthz` says `draining`, live
 * clients are told to reconnect, new connections are refused, the process exits 0; past the
 * bound it exits 1; a second signal exits at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startChild, type ChildServer } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';
import { rawConnect, sleep, type RawConnection } from '../../helpers/raw-http.ts';
import { UA } from '../../helpers/user-agent.ts';

const BATCH = JSON.stringify({ requests: [{ id: 'genres', path: '/editorial/genres' }] });
const half = Math.floor(BATCH.length / 2);

/** A `/batch` whose body is half sent: in flight until the rest comes. */
async function batchInFlight(port: number): Promise<RawConnection> {
  const conn = await rawConnect(port);
  conn.write(
    `POST /batch HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nContent-Type: application/json\r\nContent-Length: ${BATCH.length}\r\n\r\n${BATCH.slice(0, half)}`,
  );
  return conn;
}

/** A connection refused, or closed unanswered: either way no new request is taken. */
async function refuses(port: number): Promise<boolean> {
  try {
    const conn = await rawConnect(port);
    conn.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
    return (await conn.response(2_000).catch(() => null)) === null;
  } catch {
    return true;
  }
}

/** An event-stream client: everything it was sent, and whether the stream ended. */
async function eventStream(url: string) {
  const res = await fetch(`${url}/nowplaying/socket`, { headers: { accept: 'text/event-stream', 'user-agent': UA } });
  const reader = res.body!.getReader();
  let text = '';
  const ended = (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return true;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { text: () => text, ended };
}

/** A WebSocket client that has had its first message, and how it will be closed. */
async function socket(url: string) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/nowplaying/socket`, { headers: { 'user-agent': UA } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  // Wrapped: an async function returning the promise itself would wait for the close.
  return { closed };
}

/**
 * `probe`: what a health check whose headers are still arriving gets. Deno's graceful stop
 * closes a connection whose request has not fully arrived (docs/deploying.md): a balancer
 * counts that as a failed check too, so it takes the instance out either way.
 */
const RUNTIMES = [
  { name: 'Node', script: 'start', probe: 'draining' },
  { name: 'Bun', script: 'start:bun', probe: 'draining' },
  { name: 'Deno', script: 'start:deno', probe: 'closed' },
] as const;

for (const rt of RUNTIMES) {
  describe(`${rt.name} (npm run ${rt.script}) on SIGTERM`, () => {
    let server: ChildServer | undefined;
    const start = async (env: Record<string, string> = {}) => {
      server = await startChild(
        ...scriptCommand(rt.script),
        { SLEEVE_RATE_LIMITS: 'off', SLEEVE_LOG: 'off', ...env },
        60_000,
      );
      return { server, port: Number(new URL(server.url).port) };
    };
    afterEach(async () => {
      server?.kill('SIGKILL');
      await server?.exited;
      server = undefined;
    });

    it('finishes the request in flight, says draining, tells live clients to reconnect, takes no new connection, exits 0', async () => {
      const { server, port } = await start({ SLEEVE_LOG: 'json' });
      // Warm: the first request loads the catalogue.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const inFlight = await batchInFlight(port);
      // A health check whose headers are arriving when the signal comes (a balancer's probe).
      const probe = await rawConnect(port);
      probe.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      const events = await eventStream(server.url);
      const ws = await socket(server.url);
      await sleep(200);

      server.kill('SIGTERM');
      expect(await ws.closed).toEqual({ code: 1012, reason: 'Service restarting: reconnect' });
      expect(await events.ended).toBe(true);
      expect(events.text()).toMatch(/retry: 1000\nevent: reconnect\ndata: \{"type":"reconnect"/);
      expect(await refuses(port)).toBe(true);

      probe.write('\r\n');
      const health = await probe.response();
      if (rt.probe === 'closed') expect(health).toBeNull();
      else {
        expect(health?.status).toBe(503);
        expect(JSON.parse(health!.body)).toMatchObject({ status: 'draining', checks: [] });
      }

      inFlight.write(BATCH.slice(half));
      const answered = await inFlight.response();
      expect(answered?.status).toBe(200);
      expect(JSON.parse(answered!.body)).toMatchObject({ count: 1, succeeded: 1 });
      expect(await server.exited).toEqual({ code: 0, signal: null });
      // The last request's line, held by the batching writer, was written before the exit.
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{"time"'))
        .map((line) => JSON.parse(line));
      expect(lines.at(-1)).toMatchObject({ method: 'POST', path: '/batch', status: 200 });
    });

    it('exits 1 once the bound has passed, with a request still in flight', async () => {
      const { server, port } = await start({ SLEEVE_SHUTDOWN_TIMEOUT_MS: '1000' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const stuck = await batchInFlight(port);
      await sleep(200);
      const signalled = Date.now();
      server.kill('SIGTERM');
      const exit = await server.exited;
      const took = Date.now() - signalled;
      expect(exit).toEqual({ code: 1, signal: null });
      // It waited for the bound (a lower bound: a busy machine can only lengthen it), and the
      // bound is what ended it: its own line says what was cut, and exit code 1 says it was cut.
      expect(took).toBeGreaterThanOrEqual(900);
      expect(server.output()).toMatch(/still open after 1000 ms were cut|was still open after 1000 ms was cut/);
      stuck.destroy();
    });

    it('exits at once on a second signal', async () => {
      const { server, port } = await start({ SLEEVE_SHUTDOWN_TIMEOUT_MS: '60000' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const stuck = await batchInFlight(port);
      await sleep(200);
      server.kill('SIGTERM');
      await sleep(300);
      server.kill('SIGTERM');
      const exit = await Promise.race([server.exited, sleep(5_000).then(() => 'still running')]);
      expect(exit).toEqual({ code: 143, signal: null });
      stuck.destroy();
    });
  });
}
