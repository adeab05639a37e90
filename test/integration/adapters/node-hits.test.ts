/**
 * Cache hits on Node (issue #24), through the one way into core (D70, issue #65): every request,
 * a held hit too, enters by `sleeve.fetch` once, on @hono/node-server's lazy Request or, for a
 * GET of a URL built before, on the listener's `ArrivedGet`. Each
 * answer written to the socket must be the full frame's for the same request (`sleeve.app`, the
 * Hono app without the hit path): status, every header but the per-request ones, body. The
 * socket's own lines (`Date`, `Connection`, `Keep-Alive`, and but for a held hit `Content-Length`)
 * are Node's.
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

/** Requests that entered core, by URL: each through `sleeve.fetch`, once. */
const entered: string[] = [];
/** The lines Node writes for any answer, not the frame's. */
const SOCKET = new Set(['connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The frame's answer to a request over raw HTTP, written by Node, and the full frame's (the
 * Hono app, no hit path) to the same request in process: the same answer.
 */
async function both(path: string, extra = ''): Promise<[Raw, Response]> {
  const before = entered.length;
  const wire = await get(path, `localhost:${port}`, extra);
  expect(entered.slice(before), path).toEqual([`http://localhost:${port}${path}`]);
  const headers = new Headers({ 'user-agent': UA, host: `localhost:${port}` });
  for (const line of extra.split('\r\n').filter(Boolean))
    headers.set(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
  const full = await served.sleeve.app.fetch(new Request(`http://localhost:${port}${path}`, { headers }), {
    clientIp: '127.0.0.1',
  });
  expect(wire.status).toBe(full.status);
  const kept = (pairs: Iterable<[string, string]>) =>
    [...pairs].filter(([name]) => !PER_REQUEST.has(name) && !SOCKET.has(name)).sort();
  expect(kept(wire.headers)).toEqual(kept(full.headers));
  expect(wire.headers.has('retry-after')).toBe(full.headers.has('retry-after'));
  expect(
    Math.abs(Number(wire.headers.get('retry-after') ?? 0) - Number(full.headers.get('retry-after') ?? 0)),
  ).toBeLessThanOrEqual(1);
  const body = await full.text();
  expect(wire.body).toBe(body);
  if (wire.status !== 304) expect(wire.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  return [wire, full];
}

beforeAll(async () => {
  // The clock stands mid-window: the limiter's windows are fixed minutes, and the 429 test's last
  // requests must not fall either side of one.
  const now = () => Date.UTC(2026, 10, 22, 12, 0, 15);
  served = await serve({ port: 0, hostname: '127.0.0.1', log: quiet, gracefulShutdown: false, rateLimits: 0.1, now });
  port = Number(new URL(served.url).port);
  // The adapter calls the Sleeve's own `fetch` as it stands: wrapped here, every entry is seen.
  const { sleeve } = served;
  const fetch = sleeve.fetch;
  sleeve.fetch = (request, info, context) => {
    entered.push(request.url);
    return fetch(request, info, context);
  };
});
afterAll(() => served.shutdown());

describe('cache hits on Node, through the one entry', () => {
  it('has no second way in: no answerHit beside fetch', () => {
    expect('answerHit' in served.sleeve).toBe(false);
  });

  it('answers a held 200 through fetch as the full frame does, and a 304 on its ETag', async () => {
    await get('/editorial/genres', `localhost:${port}`);
    const [fast] = await both('/editorial/genres');
    expect(fast.status).toBe(200);
    expect(fast.headers.get('x-cache')).toBe('HIT');
    // The length first (a held hit's parts are written as they are, by the listener or, where
    // @hono/node-server writes one, told it so it looks no further: D70), the headers every
    // layer gives a held hit in the frame's order, the socket's own after them.
    const names = fast.text
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(0, line.indexOf(':')));
    expect(names).toEqual([
      'content-length',
      'X-Request-Id',
      'Access-Control-Allow-Origin',
      'Access-Control-Expose-Headers',
      'Vary',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Content-Type',
      'ETag',
      'Cache-Control',
      'X-Cache',
      'Date',
      'Connection',
    ]);
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

  it('answers a target first asked as a WebSocket handshake: the handshake is a whole web Request, never remembered', async () => {
    // @hono/node-server builds an upgrade's Request whole (no lazy slots): the URL memo once
    // kept its missing URL for the target, and the next plain request of it had none (a 500).
    const path = '/track/hot?limit=3';
    const handshake = await exchange(
      port,
      `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nUser-Agent: ${UA}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(handshake.status).toBe(400);
    const plain = await get(path, `localhost:${port}`);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(0);
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

  it("answers the limiter's 429 as the full frame does", async () => {
    const path = '/track/hot?limit=5';
    let fast: Raw;
    do fast = await get(path, `localhost:${port}`);
    while (fast.status === 200);
    const [limited] = await both(path);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).error.code).toBe('rate_limited');
  });

  it('reads the headers as a web Request would, and a body when it is read (POST /batch)', async () => {
    const body = JSON.stringify({ requests: [{ id: 'a', path: '/editorial/genres' }] });
    const before = entered.length;
    const answer = await exchange(
      port,
      `POST /batch HTTP/1.1\r\nHost: localhost:${port}\r\nuser-agent: ${UA}\r\nContent-Type: application/json\r\n` +
        `X-Request-Id: twice\r\nX-Request-Id: sent\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(entered.length - before).toBe(1);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ count: 1, succeeded: 1, responses: { a: { status: 200 } } });
    // Sent twice, an id reads as its values joined (as a web Headers joins them): no id of one.
    expect(answer.headers.get('x-request-id')).not.toMatch(/^(?:twice|sent)$/);
  });

  it("enters the same way with what is not a held hit: no contact e-mail (D2's 401), a miss", async () => {
    const anonymous = await exchange(
      port,
      `GET /editorial/genres HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(anonymous.status).toBe(401);
    const miss = await get('/search/all?query=node%20hits%20miss&limit=3', `localhost:${port}`);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    // Written with its length (a header's name is any case: the cache tells it in lower case).
    expect(miss.text).toMatch(/\r\ncontent-length: \d+\r\n/i);
  });
});
