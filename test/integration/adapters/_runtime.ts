/**
 * The checks every runtime's real entry (`npm start`, `start:bun`, `start:deno`) must pass
 * against hostile connections, started as a child process with low limits in its environment.
 * What a runtime cannot enforce is said in its test file, and in docs/http.md (Bounds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild, type ChildServer } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';
import { disconnectMidway } from './_disconnects.ts';
import { eventually, h2cRequest, rawConnect, sleep, type RawConnection } from '../../helpers/raw-http.ts';
import { UA } from '../../helpers/user-agent.ts';

export const IDLE_MS = 1_000;
export const HEADERS_MS = 1_000;
const MAX_CONNECTIONS = 4;

export interface RuntimeCase {
  name: string;
  script: string;
  /** What the runtime closes, and how soon at most (ms), with the limits above. */
  /**
   * Issue #23: what becomes of each of `LEGACY_REFUSALS` under `/v2.5.0`. `legacy`: a JSON
   * body in 2.5.0's shape (`{ "error": "<message>" }`), whoever refused it; `bare`: the
   * runtime's own status with no body (no shape at all); `closed`: no answer. The last two are
   * answered by the runtime's parser before any code of Sleeve's runs (docs/http.md, Bounds).
   */
  refusals: Readonly<Record<keyof typeof LEGACY_REFUSALS, 'legacy' | 'bare' | 'closed'>>;
  timeouts?: {
    /** A keep-alive connection idle after its answer. */
    idle: number;
    /** A connection silent from the start, or trickling its headers (unset: not checked). */
    headers?: number;
    /** How long an event stream is watched, to be sure no idle timer cuts it. */
    streamWatch: number;
  };
}

/** Starts an entry and warms it up: the first requests load the catalogue, a stall a 1 s headers timeout would count. */
async function startWarm(script: string, env: Record<string, string>): Promise<{ server: ChildServer; port: number }> {
  const server = await startChild(...scriptCommand(script), { SLEEVE_RATE_LIMITS: 'off', ...env });
  const port = Number(new URL(server.url).port);
  // Closed after, so that no warm-up connection counts against a cap.
  for (const path of ['/healthz', '/nowplaying', '/search/all?query=love']) {
    const conn = await rawConnect(port);
    conn.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`);
    await conn.response(15_000);
    await conn.closed;
  }
  return { server, port };
}

/** Requests a server may refuse before routing, each on a path pinned to a legacy version. */
const LEGACY_REFUSALS = {
  'unknown method': 'FOO /v2.5.0/search/all?query=love HTTP/1.1\r\nHost: x\r\n',
  'lower-case method': 'get /v2.5.0/search/all?query=love HTTP/1.1\r\nHost: x\r\n',
  'method no route takes': 'PURGE /v2.5.0/search/all?query=love HTTP/1.1\r\nHost: x\r\n',
  CONNECT: 'CONNECT /v2.5.0/search/all HTTP/1.1\r\nHost: x\r\n',
  'raw space in the path': 'GET /v2.5.0/search/all?query=lo ve HTTP/1.1\r\nHost: x\r\n',
  // To a path no route has: a runtime that lets it through gets Sleeve's 404.
  'headers past 16 KB': `GET /v2.5.0/nope HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n`,
  'no Host header': 'GET /v2.5.0/nope HTTP/1.1\r\n',
} as const;

/** What became of one refusal: `legacy`, `bare`, `closed`, or what else came back. */
async function refusalOutcome(port: number, head: string): Promise<string> {
  const conn = await rawConnect(port);
  conn.write(`${head}User-Agent: ${UA}\r\nConnection: close\r\n\r\n`);
  const res = await conn.response(5_000);
  conn.destroy();
  if (res === null) return 'closed';
  if (res.status < 400) return `answered ${res.status}`;
  if (res.body === '') return 'bare';
  const body = JSON.parse(res.body) as unknown;
  const legacy =
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).join() === 'error' &&
    typeof (body as { error: unknown }).error === 'string';
  return legacy ? 'legacy' : `current shape ${res.status}: ${res.body}`;
}

/** Milliseconds until the server closes `conn`, or Infinity past `limit`. */
const closesWithin = (conn: RawConnection, limit: number): Promise<number> =>
  Promise.race([conn.closed, sleep(limit).then(() => Infinity)]);

export function runtimeChecks(rt: RuntimeCase): void {
  describe(`${rt.name} (npm run ${rt.script}) against hostile connections`, () => {
    let server: ChildServer;
    let port: number;
    beforeAll(async () => {
      // The floods below open more connections than the cap tested apart (`capChecks`).
      ({ server, port } = await startWarm(rt.script, {
        SLEEVE_IDLE_TIMEOUT_MS: String(IDLE_MS),
        SLEEVE_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        SLEEVE_MAX_CONNECTIONS: '1000',
      }));
    });
    afterAll(() => server?.stop());

    // Request lines (D20) are expected, one per request; the tests below are about any other line.
    const outputLines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '' && !/listening on http/.test(line) && !line.startsWith('{"time":'));

    it('answers what it refuses under a legacy pin in the legacy error shape, where Sleeve answers at all (issue #23)', async () => {
      const outcomes: Record<string, string> = {};
      for (const [name, head] of Object.entries(LEGACY_REFUSALS)) outcomes[name] = await refusalOutcome(port, head);
      expect(outcomes).toEqual(rt.refusals);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

    it('answers Upgrade: h2c as a plain request and closes when the client does', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const conn = await rawConnect(port);
          conn.write(h2cRequest());
          const res = await conn.response();
          conn.end();
          const closed = (await closesWithin(conn, 2_000)) !== Infinity;
          conn.destroy();
          return `${res?.status} ${closed ? 'closed' : 'left open'}`;
        }),
      );
      expect(new Set(outcomes)).toEqual(new Set(['200 closed']));
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

    it('logs nothing when clients disconnect mid-body, mid-answer or mid-stream', async () => {
      const before = outputLines().length;
      await disconnectMidway(port);
      expect(outputLines().slice(before)).toEqual([]);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

    const limits = rt.timeouts;
    const what = limits?.headers ? 'idle, silent and slow-headers connections' : 'idle connections';
    it.runIf(limits)(`closes ${what}, not event streams`, async () => {
      const within = limits!;
      const [idle, silent, slow, streamOpen] = await Promise.all([
        (async () => {
          const conn = await rawConnect(port);
          conn.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
          await conn.response();
          const answeredAt = Date.now();
          await closesWithin(conn, within.idle + 1_000);
          conn.destroy();
          return Date.now() - answeredAt;
        })(),
        (async () => {
          if (!within.headers) return 0;
          const conn = await rawConnect(port);
          const after = await closesWithin(conn, within.headers + 1_000);
          conn.destroy();
          return after;
        })(),
        (async () => {
          if (!within.headers) return 0;
          const conn = await rawConnect(port);
          conn.write('GET /healthz HTTP/1.1\r\n');
          let n = 0;
          // A line every 200 ms: busy enough for any idle timer, too slow for a headers timeout.
          const trickle = setInterval(
            () => (conn.isClosed() ? clearInterval(trickle) : conn.write(`X-Slow-${n++}: a\r\n`)),
            200,
          );
          const after = await closesWithin(conn, within.headers + 1_000);
          clearInterval(trickle);
          conn.destroy();
          return after;
        })(),
        (async () => {
          const conn = await rawConnect(port);
          conn.write(
            `GET /nowplaying/socket HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nAccept: text/event-stream\r\n\r\n`,
          );
          expect(await eventually(() => conn.pending().includes('data: '))).toBe(true);
          await sleep(within.streamWatch);
          const open = !conn.isClosed();
          conn.destroy();
          return open;
        })(),
      ]);
      expect(idle).toBeGreaterThanOrEqual(IDLE_MS - 50);
      expect(idle).toBeLessThan(within.idle);
      expect(silent).toBeLessThan(within.headers ?? 1);
      expect(slow).toBeLessThan(within.headers ?? 1);
      expect(streamOpen).toBe(true);
    });
  });
}

/** `SLEEVE_MAX_CONNECTIONS` through the real entry (Node only: Bun and Deno cannot count). */
export function capChecks(script: string): void {
  describe(`npm run ${script} with SLEEVE_MAX_CONNECTIONS=${MAX_CONNECTIONS}`, () => {
    let server: ChildServer;
    let port: number;
    beforeAll(async () => {
      // One address opens them all: the whole cap is tested, not one client's share (D57).
      ({ server, port } = await startWarm(script, {
        SLEEVE_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
        SLEEVE_MAX_CONNECTIONS_PER_IP: String(MAX_CONNECTIONS),
      }));
    });
    afterAll(() => server?.stop());

    it('refuses connections past SLEEVE_MAX_CONNECTIONS with a 503, and admits again as they close', async () => {
      const admitted = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => rawConnect(port)));
      for (const conn of admitted) conn.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
      for (const conn of admitted) expect((await conn.response())?.status).toBe(200);
      const refused = await rawConnect(port);
      refused.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
      const res = await refused.response();
      expect(res?.status).toBe(503);
      expect(JSON.parse(res!.body)).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
      for (const conn of admitted) conn.destroy();
      await Promise.all(admitted.map((conn) => conn.closed));
      expect(
        await eventually(async () => {
          const conn = await rawConnect(port);
          conn.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
          const status = (await conn.response())?.status;
          conn.destroy();
          return status === 200;
        }),
      ).toBe(true);
    });
  });
}
