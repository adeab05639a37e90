/**
 * The Node adapter's hit fast path (`adapters/node/hits.ts`, issue #24): a cache hit is written
 * straight from the hit path's parts, before @hono/node-server builds a Request. Each answer
 * must be the one @hono/node-server gives for the same request: here every request is sent
 * twice over raw HTTP, once as the fast path takes it and once with its Host in capitals (the
 * same URL once parsed, which the fast path leaves to @hono/node-server), and the two answers
 * compared: status, every header but the per-request ones, body.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';

const UA = 'HitTest/1.0 (hits@example.com)';
const quiet = { info() {}, error() {} };
/** Headers that differ from one request to the next by design. */
const PER_REQUEST = new Set([
  'date',
  'x-request-id',
  'ratelimit-remaining',
  'x-ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-reset',
  // Seconds left in the window: a second may turn between the two requests (compared below).
  'retry-after',
]);

interface Raw {
  text: string;
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** One request on its own connection; resolves with the whole raw answer (Content-Length bodies). */
function exchange(port: number, request: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let buffer = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      socket.destroy();
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = new Map(
        lines.map(
          (line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const,
        ),
      );
      resolve({
        text: head,
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
    });
  });
}

let served: Served;
let port: number;
const get = (path: string, host: string, extra = '') =>
  exchange(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: ${UA}\r\n${extra}Connection: close\r\n\r\n`);

/** The same request through the fast path and through @hono/node-server: the same answer. */
async function both(path: string, extra = ''): Promise<[Raw, Raw]> {
  const fast = await get(path, `localhost:${port}`, extra);
  const slow = await get(path, `LOCALHOST:${port}`, extra);
  // Which path wrote it shows in its header lines: the fast path writes the answer's own names
  // (`X-Request-Id`) with Content-Length among them, before Node's Date; @hono/node-server
  // leaves Content-Length to Node, after Keep-Alive, or writes names in lower case from a Headers.
  const early = (raw: Raw) =>
    raw.text.includes('\r\nX-Request-Id:') &&
    raw.text.includes('\r\nContent-Length:') &&
    raw.text.indexOf('\r\nContent-Length:') < raw.text.indexOf('\r\nDate:');
  if (fast.headers.has('content-length')) expect(early(fast)).toBe(true);
  expect(early(slow)).toBe(false);
  expect(fast.status).toBe(slow.status);
  const kept = (raw: Raw) => [...raw.headers].filter(([name]) => !PER_REQUEST.has(name)).sort();
  expect(kept(fast)).toEqual(kept(slow));
  expect(fast.headers.has('retry-after')).toBe(slow.headers.has('retry-after'));
  expect(
    Math.abs(Number(fast.headers.get('retry-after') ?? 0) - Number(slow.headers.get('retry-after') ?? 0)),
  ).toBeLessThanOrEqual(1);
  expect(fast.body).toBe(slow.body);
  return [fast, slow];
}

beforeAll(async () => {
  // The clock stands mid-window: the limiter's windows are fixed minutes, and the 429 test's last
  // requests must not fall either side of one.
  const now = () => Date.UTC(2026, 10, 22, 12, 0, 15);
  served = await serve({ port: 0, hostname: '127.0.0.1', log: quiet, gracefulShutdown: false, rateLimits: 0.1, now });
  port = Number(new URL(served.url).port);
});
afterAll(() => served.shutdown());

describe('Node hit fast path', () => {
  it('answers a held 200 as @hono/node-server would, and a 304 on its ETag', async () => {
    await get('/editorial/genres', `localhost:${port}`);
    const [fast] = await both('/editorial/genres');
    expect(fast.status).toBe(200);
    expect(fast.headers.get('x-cache')).toBe('HIT');
    const [notModified] = await both('/editorial/genres', `If-None-Match: ${fast.headers.get('etag')}\r\n`);
    expect(notModified.status).toBe(304);
  });

  it('answers a target it remembers under one Host afresh under another: each origin its own entry', async () => {
    // Albums carry their cover's URL, made from the origin asked (no base URL is configured).
    const path = '/search/albums?query=love&limit=2';
    for (let i = 0; i < 2; i++) await get(path, `localhost:${port}`);
    const first = await get(path, `127.0.0.1:${port}`);
    const again = await get(path, `127.0.0.1:${port}`);
    const back = await get(path, `localhost:${port}`);
    expect([first, again, back].map((raw) => raw.headers.get('x-cache'))).toEqual(['MISS', 'HIT', 'HIT']);
    expect(again.body).toContain(`http://127.0.0.1:${port}/`);
    expect(again.body).not.toContain('localhost');
    expect(back.body).toContain(`http://localhost:${port}/`);
  });

  it("keeps a pinned version's answer and the caller's request id", async () => {
    await get('/v2.5.0/search/all?query=love&limit=5', `localhost:${port}`);
    const [fast] = await both('/v2.5.0/search/all?query=love&limit=5', 'X-Request-Id: trace-42\r\n');
    expect(fast.status).toBe(200);
    expect(fast.headers.get('x-request-id')).toBe('trace-42');
  });

  it("answers a held 404 in its version's error shape", async () => {
    for (const path of ['/artist/info?id=999999999', '/v2.5.0/album/info?id=999999999']) {
      await get(path, `localhost:${port}`);
      const [fast] = await both(path);
      expect(fast.status).toBe(404);
      expect(fast.headers.get('x-cache')).toBe('HIT');
    }
  });

  it("answers the limiter's 429 as @hono/node-server would", async () => {
    const path = '/track/hot?limit=5';
    let fast: Raw;
    do fast = await get(path, `localhost:${port}`);
    while (fast.status === 200);
    const [limited] = await both(path);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).error.code).toBe('rate_limited');
  });

  it("leaves to @hono/node-server what is not a held hit: no contact e-mail (D2's 401), a miss", async () => {
    const anonymous = await exchange(
      port,
      `GET /editorial/genres HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(anonymous.status).toBe(401);
    const miss = await get('/search/all?query=node%20hits%20miss&limit=3', `localhost:${port}`);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(miss.text.indexOf('\r\nContent-Length:')).not.toBe(-1);
  });
});
