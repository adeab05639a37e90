/**
 * Issue #61: an upstream's redirect is followed only within its configured base (at most 3),
 * never by fetch's own following, which went wherever an upstream pointed: a hijacked Deezer
 * answering `302` to another local port had that port asked. Real sockets and the runtime's
 * fetch: `front` stands before the replay as Deezer, ReccoBeats and AzuraCast, redirecting as
 * each test says; `elsewhere`, another loopback port, must never be asked anything.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { call } from '../../helpers/routes/client.ts';
import { openEvents } from '../../helpers/routes/streams.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';

const UPSTREAMS = ['deezer', 'reccobeats', 'azuracast'] as const;
type Name = (typeof UPSTREAMS)[number];

/** Where `front` sends a request of an upstream: on to the replay, or a 302 to `Location`. */
type Route = (path: string) => { location: string } | 'replay';

interface Listening {
  server: Server;
  url: string;
  port: number;
  /** `path?search` of each request, in order. */
  hits: string[];
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<Listening> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, port, hits };
}

let replay: Replay;
let elsewhere: Listening;
let front: Listening;
/** How `front` answers each upstream now; the replay's answer where none is set. */
const routes = new Map<Name, Route>();
/** `front`'s own prefix for a redirect within the base: `/<name>/moved/<path>` is `/<name>/<path>` at the replay. */
const MOVED = '/moved';

beforeAll(async () => {
  replay = await startReplay();
  elsewhere = await listen((_, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"total":0}'),
  );
  front = await listen((request, response) => {
    const url = request.url ?? '/';
    const name = UPSTREAMS.find((n) => url.startsWith(`/${n}/`));
    const inner = name === undefined ? url : url.slice(name.length + 1);
    const moved = inner.startsWith(`${MOVED}/`);
    const route = name === undefined || moved ? 'replay' : (routes.get(name)?.(inner) ?? 'replay');
    if (route !== 'replay') return void response.writeHead(302, { location: route.location }).end();
    // On to the replay, the upstream's own answer (an event stream is piped as it comes).
    const target = `${replay.url}/${name}${moved ? inner.slice(MOVED.length) : inner}`;
    fetch(target, { headers: { accept: request.headers.accept ?? '*/*' } })
      .then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        if (answer.body === null) return void response.end();
        const reader = answer.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) response.write(read.value);
        response.end();
      })
      .catch(() => response.destroy());
  });
});
beforeEach(() => {
  routes.clear();
  elsewhere.hits.length = 0;
  front.hits.length = 0;
});
afterAll(async () => {
  await disposeSleeves();
  for (const { server } of [front, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await replay.close();
});

const logs: string[] = [];
/** A live Sleeve whose three upstreams are asked through `front`. */
const sleeve = (): Sleeve =>
  liveSleeve(replay, {
    upstreams: {
      deezer: `${front.url}/deezer`,
      features: `${front.url}/reccobeats`,
      azuracast: `${front.url}/azuracast`,
    },
    log: { info: (line: string) => void logs.push(line), error: (line: string) => void logs.push(line) },
  });

const TRACK = `/track/info?artist=Daft%20Punk&title=${encodeURIComponent('Harder, Better, Faster, Stronger')}`;
const away = (path: string) => ({ location: `${elsewhere.url}${path}` });

describe('a redirect out of the upstream base is not followed', () => {
  it('Deezer answering 302 to another loopback port: 502, that port never asked, its address not told', async () => {
    routes.set('deezer', away);
    const { status, body } = await call(TRACK, { sleeve: sleeve() });
    expect(status).toBe(502);
    expect(body).toMatchObject({ ok: false, error: { code: 'upstream_error' } });
    expect(JSON.stringify(body)).not.toContain(String(elsewhere.port));
    expect(front.hits.length).toBeGreaterThan(0);
    expect(elsewhere.hits).toEqual([]);
  });

  it.each([
    ['a decimal spelling of 127.0.0.1', (port: number, path: string) => `http://2130706433:${port}${path}`],
    ['an IPv4-mapped IPv6 address', (port: number, path: string) => `http://[::ffff:127.0.0.1]:${port}${path}`],
    ['localhost', (port: number, path: string) => `http://localhost:${port}${path}`],
  ])('Deezer answering 302 to %s: 502, never asked', async (_name, spell) => {
    routes.set('deezer', (path) => ({ location: spell(elsewhere.port, path) }));
    const { status } = await call(TRACK, { sleeve: sleeve() });
    expect(status).toBe(502);
    expect(elsewhere.hits).toEqual([]);
  });

  it('ReccoBeats answering 302 elsewhere: the features are missing, that port never asked', async () => {
    routes.set('reccobeats', away);
    const { status, body } = await call('/track/isrc?isrc=USSM12103949', { sleeve: sleeve() });
    expect(status).toBe(200);
    expect(body.found).toBe(true);
    expect(body.audioFeatures ?? null).toBeNull();
    expect(front.hits.some((hit) => hit.startsWith('/reccobeats/'))).toBe(true);
    expect(elsewhere.hits).toEqual([]);
  });

  it('AzuraCast answering 302 elsewhere: 502, never asked', async () => {
    routes.set('azuracast', away);
    const { status, body } = await call('/nowplaying', { sleeve: sleeve() });
    expect(status).toBe(502);
    expect(body.error.code).toBe('upstream_error');
    expect(elsewhere.hits).toEqual([]);
  });

  it("AzuraCast's live feed answering 302 elsewhere: polled instead, never asked", async () => {
    routes.set('azuracast', (path) => (path.includes('/sse') ? away(path) : 'replay'));
    logs.length = 0;
    const listener = await openEvents('http://sleeve.test', async (request) => sleeve().fetch(request));
    try {
      await listener.next();
      // The feed's answer is read once the first body is out: wait for its verdict (bounded).
      for (let i = 0; i < 750 && !logs.some((line) => line.includes('live feed unavailable')); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(front.hits.some((hit) => hit.includes('/sse'))).toBe(true);
      expect(logs.some((line) => line.includes('live feed unavailable'))).toBe(true);
      expect(elsewhere.hits).toEqual([]);
    } finally {
      listener.close();
    }
  });
});

describe('a redirect within the upstream base is followed', () => {
  it('Deezer and ReccoBeats moving every answer one step down their own base: answered as without', async () => {
    const within = (name: Name) => (path: string) => ({ location: `/${name}${MOVED}${path}` });
    routes.set('deezer', within('deezer'));
    routes.set('reccobeats', within('reccobeats'));
    const { status, body } = await call(TRACK, { sleeve: sleeve() });
    expect(status).toBe(200);
    expect(body.found).toBe(true);
    expect(body.audioFeatures).toMatchObject({ key: 'D', tempo: 123.4 });
    expect(front.hits.filter((hit) => hit.startsWith(`/deezer${MOVED}/`)).length).toBeGreaterThan(0);
    expect(front.hits.filter((hit) => hit.startsWith(`/reccobeats${MOVED}/`)).length).toBeGreaterThan(0);
    expect(elsewhere.hits).toEqual([]);
  });

  it('AzuraCast moving its answer within its base: answered', async () => {
    routes.set('azuracast', (path) =>
      path.startsWith('/api/nowplaying') ? { location: `/azuracast${MOVED}${path}` } : 'replay',
    );
    const { status, body } = await call('/nowplaying', { sleeve: sleeve() });
    expect(status).toBe(200);
    expect(body.station.shortcode).toBe('azuratest_radio');
  });
});
