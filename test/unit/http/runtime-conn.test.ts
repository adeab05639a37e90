/**
 * The client's address from what each runtime hands a fetch handler (issue #51): Sleeve's
 * `fetch(request, info, context)` reads `@hono/node-server`'s `{ incoming }`, Bun's server,
 * Deno's handler info and, on a request workerd received, `cf-connecting-ip`; a `ConnInfo` wins.
 * The address Sleeve counted is read back from the request line's `ip`. Where none is found,
 * one log line says how to give one.
 */
import { describe, expect, it } from 'vitest';
import { createSleeve, type SleeveOptions } from '../../../core/index.ts';

const UA = { 'user-agent': 'Conn/1.0 (conn@example.com)' };

function sleeveLogging(options: SleeveOptions = {}) {
  const lines: string[] = [];
  const notices: string[] = [];
  const sleeve = createSleeve({
    requestLog: 'json',
    log: { info: (m) => notices.push(m), error: (m) => notices.push(m), request: (line) => lines.push(line) },
    ...options,
  });
  /** The address the request line of the last request names. */
  const lastIp = () => (JSON.parse(lines.at(-1)!) as { ip?: string }).ip;
  return { sleeve, notices, lastIp };
}

const get = (path = '/editorial/genres', headers: Record<string, string> = {}) =>
  new Request(`http://sleeve.test${path}`, { headers: { ...UA, ...headers } });

/** A stand-in for Bun's server: `requestIP` wants the server as `this` and the request it received. */
class FakeBunServer {
  readonly asked: Request[] = [];
  readonly address: string;
  constructor(address: string) {
    this.address = address;
  }
  requestIP(this: FakeBunServer, request: Request) {
    if (!(this instanceof FakeBunServer)) throw new TypeError('Illegal invocation');
    this.asked.push(request);
    return { address: this.address, family: 'IPv4', port: 40_000 };
  }
}

describe('the client address, from what the runtime hands fetch', () => {
  it('reads @hono/node-server’s { incoming } (Hono’s mount passes it on)', async () => {
    const { sleeve, lastIp } = sleeveLogging();
    const res = await sleeve.fetch(get(), { incoming: { socket: { remoteAddress: '10.0.0.7' } }, outgoing: {} });
    expect(res.status).toBe(200);
    expect(lastIp()).toBe('10.0.0.7');
  });

  it('asks Bun’s server for the request it received, itself or under `server`', async () => {
    const { sleeve, lastIp } = sleeveLogging({ basePath: '/music' });
    const server = new FakeBunServer('10.0.0.8');
    const request = get('/music/editorial/genres');
    expect((await sleeve.fetch(request, server)).status).toBe(200);
    expect(lastIp()).toBe('10.0.0.8');
    // The request Bun knows, not the one the base path was taken off.
    expect(server.asked).toEqual([request]);
    await sleeve.fetch(get('/music/editorial/genres'), { server: new FakeBunServer('10.0.0.18') });
    expect(lastIp()).toBe('10.0.0.18');
  });

  it('reads Deno’s handler info (remoteAddr.hostname)', async () => {
    const { sleeve, lastIp } = sleeveLogging();
    await sleeve.fetch(get(), { remoteAddr: { transport: 'tcp', hostname: '10.0.0.9', port: 5000 } });
    expect(lastIp()).toBe('10.0.0.9');
  });

  it('reads cf-connecting-ip only from a request workerd received (it carries `cf`), and takes the context’s waitUntil', async () => {
    const { sleeve, lastIp } = sleeveLogging();
    const handed: Promise<unknown>[] = [];
    const fromEdge = get('/editorial/genres', { 'cf-connecting-ip': '10.0.0.10' });
    Object.defineProperty(fromEdge, 'cf', { value: { colo: 'CDG' } });
    const bindings = { SLEEVE_KV: {} };
    const res = await sleeve.fetch(fromEdge, bindings, { waitUntil: (work) => void handed.push(work) });
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(lastIp()).toBe('10.0.0.10');
    // The miss's storage write went to the Worker's waitUntil.
    expect(handed.length).toBeGreaterThan(0);
    // Anywhere else the header is anyone's to send.
    await sleeve.fetch(get('/editorial/genres', { 'cf-connecting-ip': '10.0.0.11' }), bindings);
    expect(lastIp()).toBeUndefined();
  });

  it('takes a ConnInfo as it is, its clientIp over anything beside it', async () => {
    const { sleeve, lastIp, notices } = sleeveLogging();
    await sleeve.fetch(get(), { clientIp: '10.0.0.1', incoming: { socket: { remoteAddress: '10.0.0.2' } } } as object);
    expect(lastIp()).toBe('10.0.0.1');
    // An adapter that says "no address" (a closed socket) has said: nothing to tell.
    await sleeve.fetch(get(), { clientIp: undefined });
    expect(notices).toEqual([]);
  });

  it('says once, naming the fix, when no address is found; not behind a trusted proxy nor with no rate limits', async () => {
    const { sleeve, notices } = sleeveLogging();
    await sleeve.fetch(get());
    await sleeve.fetch(get(), {});
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/no client address.*every client shares one rate limit.*\{ clientIp \}/);
    expect(notices[0]).toMatch(/Bun's and Deno's serve/);
    const proxied = sleeveLogging({ trustProxy: true });
    await proxied.sleeve.fetch(get('/editorial/genres', { 'x-forwarded-for': '203.0.113.5' }));
    expect(proxied.lastIp()).toBe('203.0.113.5');
    expect(proxied.notices).toEqual([]);
    const unlimited = sleeveLogging({ rateLimits: 'off' });
    await unlimited.sleeve.fetch(get());
    expect(unlimited.notices).toEqual([]);
  });

  it('keeps one limit per client for addresses read this way', async () => {
    const { sleeve } = sleeveLogging();
    const from = (address: string) => sleeve.fetch(get('/track/hot'), new FakeBunServer(address));
    let status = 200;
    for (let i = 0; i < 100 && status !== 429; i++) status = (await from('10.0.1.1')).status;
    expect(status).toBe(429);
    expect((await from('10.0.1.2')).status).toBe(200);
  });
});
