/**
 * What Node's own parser refuses is answered in the D3 shape, never a bare 400 with no body;
 * a request line with raw UTF-8 (a chat bot's cover link) is encoded and answered by Sleeve.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';

let served: Served;
let port: number;
beforeAll(async () => {
  served = await serve({ port: 0, hostname: '127.0.0.1', rateLimits: 'off', log: { info() {}, error() {} } });
  port = Number(new URL(served.url).port);
});
afterAll(() => new Promise<void>((resolve) => served.server.close(() => resolve())));

/** Sends bytes as they are and reads the whole answer (the server closes after it). */
function send(bytes: string | Buffer, to: number = port): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: a real client waits for its answer with its side open.
    const socket = connect(to, '127.0.0.1', () =>
      socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        headers: text.slice(0, split),
        body: text.slice(split + 4),
      });
    });
  });
}

describe("Node's parser refusals", () => {
  it.each([
    ['a lower-case method', 'get /healthz HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unknown method', 'FETCH /healthz HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a raw space in the path', 'GET /health z HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a NUL in the path', 'GET /he\x00althz HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a malformed request line', 'NONSENSE\r\n\r\n'],
    ['headers past 16 KB', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['no Host header', 'GET /healthz HTTP/1.1\r\nUser-Agent: a (a@b.co)\r\n\r\n'],
    ['a Host that is no host', 'GET /healthz HTTP/1.1\r\nHost: evil.example:99999\r\n\r\n'],
  ])('%s: 400 with the D3 error body', async (_name, bytes) => {
    const { status, body } = await send(bytes);
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  // Issue #23: a legacy pin's errors are `{ "error": "<message>" }`, refusals included (D7).
  const refusals = [
    ['a lower-case method', (p: string) => `get ${p}/search/all?query=love HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['an unknown method', (p: string) => `FOO ${p}/search/all?query=love HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['a raw space in the path', (p: string) => `GET ${p}/health z HTTP/1.1\r\nHost: x\r\n\r\n`],
    [
      'headers past 16 KB',
      (p: string) => `GET ${p}/healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ],
    ['no Host header', (p: string) => `GET ${p}/healthz HTTP/1.1\r\nUser-Agent: a (a@b.co)\r\n\r\n`],
    ['CONNECT', (p: string) => `CONNECT ${p}/healthz HTTP/1.1\r\nHost: x\r\n\r\n`],
  ] as const;

  it.each(refusals)('%s under /v2.5.0: the legacy error shape, same status', async (_name, request) => {
    const { status, body } = await send(request('/v2.5.0'));
    expect([400, 405]).toContain(status);
    expect(JSON.parse(body)).toEqual({ error: expect.any(String) });
    const current = await send(request('/v3.0.0'));
    expect(current.status).toBe(status);
    expect(JSON.parse(current.body)).toMatchObject({ ok: false, error: { message: JSON.parse(body).error } });
  });

  it("reads the pin below the host's basePath", async () => {
    const mounted = await serve({
      port: 0,
      hostname: '127.0.0.1',
      basePath: '/music',
      rateLimits: 'off',
      log: { info() {}, error() {} },
    });
    try {
      const { body } = await send(
        'FOO /music/v2.1.0/healthz HTTP/1.1\r\nHost: x\r\n\r\n',
        Number(new URL(mounted.url).port),
      );
      expect(JSON.parse(body)).toEqual({ error: 'Unknown request method.' });
    } finally {
      await new Promise<void>((resolve) => mounted.server.close(() => resolve()));
    }
  });

  it('raw UTF-8 in a GET request line is encoded and answered by Sleeve', async () => {
    const { status, headers } = await send(
      Buffer.from(
        'GET /spotify/cover?artist=Björk&title=Homogenic HTTP/1.1\r\nHost: x\r\nUser-Agent: Discordbot/2.0\r\n\r\n',
        'utf8',
      ),
    );
    // The demo catalogue has no such cover: Sleeve's own placeholder, not Node's bare 400.
    expect(status).toBe(404);
    expect(headers.toLowerCase()).toContain('content-type: image/svg+xml');
  });

  // Issue #61: the mended request meets the Host check every other request meets; built from
  // this Host, its URL would be `http://127.0.0.1/metrics?/x…`, the Prometheus text.
  it.each([
    ['a Host carrying a path', '127.0.0.1/metrics?'],
    ['a Host carrying a query', 'x?a='],
    ['a Host with user info', 'a@127.0.0.1'],
    ['a Host that is no host', 'evil.example:99999'],
  ])('raw bytes in the target and %s: 400 naming the Host, nothing else answered', async (_name, host) => {
    const { status, body } = await send(
      Buffer.concat([
        Buffer.from('GET /x\xff\xfe HTTP/1.1\r\nHost: ', 'latin1'),
        Buffer.from(`${host}\r\nUser-Agent: a (a@b.co)\r\n\r\n`, 'latin1'),
      ]),
    );
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: 'The Host header is malformed.', param: 'Host' },
    });
  });

  it('raw bytes in the target and no Host: 400 naming the Host', async () => {
    const { status, body } = await send(Buffer.from('GET /x\xff HTTP/1.1\r\nUser-Agent: a (a@b.co)\r\n\r\n', 'latin1'));
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ ok: false, error: { code: 'bad_request', param: 'Host' } });
  });
});

describe('a WebSocket handshake with another method than GET', () => {
  it("is an ordinary request: Sleeve's 405 with Allow in the D3 shape, not the WebSocket library's plain text", async () => {
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'PUT /nowplaying/socket HTTP/1.1\r\nHost: x\r\nUser-Agent: a (a@b.co)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
        const [headers = '', body = ''] = text.split('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? -1);
        if (length >= 0 && Buffer.byteLength(body) >= length) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
    expect(head).toMatch(/^HTTP\/1\.1 405/);
    expect(head.toLowerCase()).toContain('allow: get, head, options');
    expect(JSON.parse(head.split('\r\n\r\n')[1]!)).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
  });
});
