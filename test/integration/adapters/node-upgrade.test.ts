/**
 * Issue 10, item 1: an upgrade other than WebSocket (`Upgrade: h2c`) is answered as a plain
 * request and its connection kept alive or closed as HTTP says, never left half-open: 200 of
 * them leave no connection behind and the server still answers. CONNECT is refused in D3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { eventually, h2cRequest, rawConnect } from '../../helpers/raw-http.ts';
import { UA } from '../../helpers/user-agent.ts';

let served: Served;
let port: number;
beforeAll(async () => {
  served = await serve({ port: 0, hostname: '127.0.0.1', rateLimits: 'off', log: { info() {}, error() {} } });
  port = Number(new URL(served.url).port);
});
afterAll(() => new Promise<void>((resolve) => served.server.close(() => resolve())));

const connections = () =>
  new Promise<number>((resolve, reject) =>
    served.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe('Upgrade: h2c on Node', () => {
  it('is answered as a plain request, and the server closes when the client does', async () => {
    const conn = await rawConnect(port);
    conn.write(h2cRequest());
    const res = await conn.response();
    expect(res?.status).toBe(200);
    expect(JSON.parse(res!.body)).toMatchObject({ status: expect.any(String), version: '3.0.0' });
    expect(conn.isClosed()).toBe(false); // kept alive, as HTTP/1.1 says
    conn.end();
    expect(
      await Promise.race([
        conn.closed.then(() => 'closed'),
        new Promise((r) => setTimeout(() => r('still open'), 2_000)),
      ]),
    ).toBe('closed');
  });

  it('with Connection: close the server answers and closes by itself', async () => {
    const conn = await rawConnect(port);
    conn.write(h2cRequest('/healthz', ', close'));
    expect((await conn.response())?.status).toBe(200);
    await conn.closed;
  });

  it('200 of them leave no connection open, and the server still answers', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const conn = await rawConnect(port);
        conn.write(h2cRequest());
        const res = await conn.response();
        conn.end();
        await conn.closed;
        return res?.status;
      }),
    );
    expect(statuses).toEqual(Array(200).fill(200));
    expect(await eventually(async () => (await connections()) === 0)).toBe(true);
    expect(served.connections.open()).toBe(0);
    expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
  });

  it('a client that half-closes right after its request still gets the answer, then the close', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const conn = await rawConnect(port);
        conn.socket.end(h2cRequest());
        const res = await conn.response();
        await conn.closed;
        return res?.status;
      }),
    );
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it('keeps the request whole: its body, and a request pipelined behind it', async () => {
    const conn = await rawConnect(port);
    const body = 'x'.repeat(10);
    conn.write(
      `POST /healthz HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: Upgrade\r\nUpgrade: h2c\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
        `GET /editorial/genres HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\n\r\n`,
    );
    const first = await conn.response();
    expect(first?.status).toBe(405);
    expect(JSON.parse(first!.body)).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
    const second = await conn.response();
    expect(second?.status).toBe(200);
    expect(JSON.parse(second!.body)[0]).toMatchObject({ id: 0, name: 'All' });
    conn.destroy();
  });

  it('an unknown upgrade on an unknown path is a 404 in the D3 shape', async () => {
    const conn = await rawConnect(port);
    conn.write(
      `GET /no/such HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: upgrade\r\nUpgrade: foo/2\r\n\r\n`,
    );
    const res = await conn.response();
    expect(res?.status).toBe(404);
    expect(JSON.parse(res!.body)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    conn.destroy();
  });

  it('CONNECT is refused in the D3 shape and closed', async () => {
    const conn = await rawConnect(port);
    conn.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    const res = await conn.response();
    expect(res?.status).toBe(405);
    expect(JSON.parse(res!.body)).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
    await conn.closed;
  });
});

const handshake = (path: string, ua = UA) =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${ua}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

describe('WebSocket handshakes on Node', () => {
  it('still upgrade where Sleeve takes them', async () => {
    const conn = await rawConnect(port);
    conn.write(handshake('/nowplaying/socket'));
    const res = await conn.response();
    expect(res?.status).toBe(101);
    expect(res?.headers['sec-websocket-accept']).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    conn.destroy();
  });

  it.each([
    ['an unknown station', '/nowplaying/socket?station=nope', UA],
    ['no User-Agent', '/nowplaying/socket', ''],
    ['an ordinary path', '/healthz', UA],
  ])('refused for %s: the status with its D3 body, then closed', async (_name, path, ua) => {
    const conn = await rawConnect(port);
    conn.write(handshake(path, ua));
    const res = await conn.response();
    expect(res?.status).toBeGreaterThanOrEqual(400);
    expect(res?.status).toBeLessThan(500);
    expect(res?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res!.body)).toMatchObject({
      ok: false,
      error: { code: expect.any(String), message: expect.any(String) },
    });
    await conn.closed;
  });
});
