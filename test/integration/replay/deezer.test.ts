/**
 * @module
 * The Deezer replay over real HTTP on loopback: recorded answers, answers built from the
 * index, paging that agrees with `total`, the derived fixtures, Deezer's errors, the quota,
 * every injected fault, the call log, and a close() that does not wait for idle sockets.
 */
import { request, Agent } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplay, type Replay } from '../../../replay/server.ts';

const fixture = (file: string): string =>
  readFileSync(new URL(`../../fixtures/deezer/${file}`, import.meta.url), 'utf8');

interface Page {
  data: Record<string, unknown>[];
  total: number;
  next?: string;
  prev?: string;
}

let replay: Replay;

beforeAll(async () => {
  replay = await startReplay();
});

afterAll(async () => {
  await replay.close();
});

async function get(path: string, init?: RequestInit): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${replay.deezerUrl}${path}`, init);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

async function json<T = Record<string, unknown>>(path: string): Promise<T> {
  const { status, text } = await get(path);
  expect(status).toBe(200);
  expect(text).not.toContain('api.deezer.com');
  return JSON.parse(text) as T;
}

/** Every item of a list, following `next` as a driver does. */
async function everything(path: string): Promise<{ items: Record<string, unknown>[]; pages: Page[] }> {
  const pages: Page[] = [];
  let url: string | undefined = `${replay.deezerUrl}${path}`;
  while (url !== undefined) {
    expect(url.startsWith(replay.deezerUrl)).toBe(true);
    pages.push(await json<Page>(url.slice(replay.deezerUrl.length)));
    url = pages.at(-1)?.next;
  }
  return { items: pages.flatMap((one) => one.data), pages };
}

describe('recorded and built answers', () => {
  it('answers a recorded track by id, byte-for-byte but for URLs pointing back at the replay', async () => {
    const { status, text } = await get('/track/3135556');
    expect(status).toBe(200);
    const recorded = fixture('track-3135556.json');
    expect(text).toBe(recorded.replaceAll('https:\\/\\/api.deezer.com', replay.deezerUrl.replaceAll('/', '\\/')));
    const track = JSON.parse(text) as Record<string, unknown>;
    expect(track).toMatchObject({ id: 3135556, isrc: 'GBDUW0000059', title: 'Harder, Better, Faster, Stronger' });
  });

  it('answers /track/isrc:{ISRC} with the track recorded under that ISRC', async () => {
    expect((await get('/track/isrc:GBDUW0000059')).text).toBe((await get('/track/3135556')).text);
    expect(await json('/track/isrc:usum72409273')).toMatchObject({ id: 2947516331, isrc: 'USUM72409273' });
  });

  it("finds a recorded track by title and artist, plain or in Deezer's advanced syntax", async () => {
    const advanced = await json<Page>(
      `/search?q=${encodeURIComponent('artist:"daft punk" track:"Harder, Better, Faster, Stronger"')}`,
    );
    expect(advanced.data.map((hit) => hit['id'])).toContain(3135556);
    expect(advanced.data[0]).toMatchObject({
      artist: { id: 27, name: 'Daft Punk' },
      album: { id: 302127 },
      type: 'track',
    });
    const plain = await json<Page>('/search/track?q=HARDER+better+faster+stronger+Daft+Punk');
    expect(plain.data.map((hit) => hit['id'])).toContain(3135556);
    const ranks = plain.data.map((hit) => Number(hit['rank']));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('pages a built search with total and next', async () => {
    const first = await json<Page>('/search?q=daft+punk&limit=5');
    expect(first.data).toHaveLength(5);
    expect(first.total).toBeGreaterThan(5);
    expect(first.next).toBe(`${replay.deezerUrl}/search?q=daft%20punk&limit=5&index=5`);
    const { items } = await everything('/search?q=daft+punk&limit=5');
    expect(items).toHaveLength(first.total);
  });

  it('folds case and accents', async () => {
    const hits = await json<Page>('/search/album?q=electro+POP+hits');
    expect(hits.data.map((hit) => hit['title'])).toEqual(['Électro Pop Hits']);
  });

  it('serves a recorded search as recorded', async () => {
    const { text } = await get('/search?q=Billy+Jean&limit=2');
    expect(JSON.parse(text)).toMatchObject({
      total: 298,
      next: `${replay.deezerUrl}/search?q=Billy%20Jean&limit=2&index=2`,
    });
  });

  it("pages Daft Punk's 38 releases consistently with total", async () => {
    const first = await json<Page>('/artist/27/albums');
    expect(first).toMatchObject({ total: 38, next: `${replay.deezerUrl}/artist/27/albums?index=25` });
    const second = await json<Page>('/artist/27/albums?index=25&limit=25');
    expect(second.total).toBe(38);
    expect(second.data).toHaveLength(13);
    expect(second.next).toBeUndefined();
    const pageOne = `${replay.deezerUrl}/artist/27/albums`;
    expect([`${pageOne}?index=0`, `${pageOne}?limit=25&index=0`]).toContain(second.prev);
    const ids = [...first.data, ...second.data].map((album) => album['id']);
    expect(new Set(ids).size).toBe(38);
    const middle = await json<Page>('/artist/27/albums?index=20&limit=10');
    expect(middle.data.map((album) => album['id'])).toEqual(ids.slice(20, 30));
  });

  it('embeds 25 tracks of the 40-track album; its tracklist pages to all 40 with ISRCs', async () => {
    const album = await json<{ nb_tracks: number; record_type: string; tracks: Page }>('/album/999000040');
    expect(album.nb_tracks).toBe(40);
    expect(album.tracks.data).toHaveLength(25);
    const { items, pages } = await everything('/album/999000040/tracks');
    expect(pages).toHaveLength(2);
    expect(items.map((track) => track['track_position'])).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(
      items.every((track) => typeof track['isrc'] === 'string' && /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(track['isrc'])),
    ).toBe(true);
    expect(items.slice(0, 25).map((track) => track['id'])).toEqual(album.tracks.data.map((track) => track['id']));
  });

  it('serves the country charts as Deezer Charts playlists', async () => {
    const france = await json<{ title: string; nb_tracks: number; creator: Record<string, unknown> }>(
      '/playlist/1109890291',
    );
    expect(france).toMatchObject({ title: 'Top France', creator: { id: 637006841, name: 'Deezer Charts' } });
    const { items } = await everything('/playlist/1109890291/tracks');
    expect(items).toHaveLength(france.nb_tracks);
    expect(france.nb_tracks).toBeGreaterThan(25);
    expect(await json('/playlist/1111141961')).toMatchObject({ title: 'Top Brasil' });
    const found = await json<Page>('/search/playlist?q=top+france');
    expect(found.data[0]).toMatchObject({ id: 1109890291, user: { name: 'Deezer Charts' } });
  });

  it("answers an unknown id with Deezer's code 800 body and HTTP 200", async () => {
    for (const path of ['/track/1', '/album/1', '/playlist/1', '/artist/999999999/top', '/track/isrc:XX0000000000']) {
      const { status, text } = await get(path);
      expect([path, status, text]).toEqual([path, 200, fixture('track--1.json')]);
    }
  });

  it("answers an unknown route with Deezer's 404", async () => {
    expect(await get('/no/such/route')).toMatchObject({ status: 404, text: fixture('does-not-exists.json') });
  });
});

describe('quota', () => {
  it("answers the 51st call within 5 s with Deezer's code-4 body, HTTP 200", async () => {
    const limited = await startReplay({ quota: { limit: 50, windowMs: 5000 } });
    try {
      for (let i = 0; i < 50; i += 1) expect((await fetch(`${limited.deezerUrl}/genre`)).status).toBe(200);
      const refused = await fetch(`${limited.deezerUrl}/genre`);
      expect(refused.status).toBe(200);
      expect(await refused.text()).toBe(fixture('error-quota-exceeded.json'));
      expect(limited.calls.map((call) => call.body)).toEqual([...Array<string>(50).fill('ok'), 'quota']);
      limited.reset();
      expect(limited.calls).toEqual([]);
      expect(await (await fetch(`${limited.deezerUrl}/genre`)).json()).toHaveProperty('data');
    } finally {
      await limited.close();
    }
  });
});

describe('faults', () => {
  it('slow delays the answer, then answers normally', async () => {
    replay.fault('deezer', 'slow', { delayMs: 300 });
    const started = Date.now();
    const { status, text } = await get('/track/3135556');
    // The delay is the fault itself: a lower bound, which a busy machine can only lengthen.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(status).toBe(200);
    expect(JSON.parse(text)).toHaveProperty('id', 3135556);
    replay.fault('deezer', null);
  });

  it('http500 answers HTTP 500 with an HTML page', async () => {
    replay.fault('deezer', 'http500');
    const answer = await get('/track/3135556');
    replay.fault('deezer', null);
    expect(answer.status).toBe(500);
    expect(answer.type).toContain('text/html');
    expect(answer.text).toContain('<html>');
  });

  it('garbage answers HTTP 200 text/html that is not JSON', async () => {
    replay.fault('deezer', 'garbage');
    const answer = await get('/track/3135556');
    replay.fault('deezer', null);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/html');
    expect(() => JSON.parse(answer.text) as unknown).toThrow();
  });

  it("error200 answers HTTP 200 with Deezer's code-100 error", async () => {
    replay.fault('deezer', 'error200');
    const answer = await get('/track/3135556');
    replay.fault('deezer', null);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ error: { type: 'Exception', message: 'An error occurred', code: 100 } });
  });

  it('reset drops the connection without answering', async () => {
    replay.fault('deezer', 'reset');
    await expect(get('/track/3135556')).rejects.toThrow();
    replay.fault('deezer', null);
  });

  it('hang never answers', async () => {
    replay.fault('deezer', 'hang');
    await expect(get('/track/3135556', { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    replay.fault('deezer', null);
    expect((await get('/track/3135556')).status).toBe(200);
  });
});

describe('the call log', () => {
  it('records every call in order, with what it was answered', async () => {
    replay.reset();
    const before = Date.now();
    await get('/track/3135556');
    await get('/search?q=daft');
    await get('/track/1');
    await get('/nope');
    replay.fault('deezer', 'http500');
    await get('/genre');
    replay.fault('deezer', null);
    expect(
      replay.calls.map(({ upstream, method, path, search, status, body }) => ({
        upstream,
        method,
        path,
        search,
        status,
        body,
      })),
    ).toEqual([
      { upstream: 'deezer', method: 'GET', path: '/track/3135556', search: '', status: 200, body: 'ok' },
      { upstream: 'deezer', method: 'GET', path: '/search', search: '?q=daft', status: 200, body: 'ok' },
      { upstream: 'deezer', method: 'GET', path: '/track/1', search: '', status: 200, body: 'error800' },
      { upstream: 'deezer', method: 'GET', path: '/nope', search: '', status: 404, body: 'notfound' },
      { upstream: 'deezer', method: 'GET', path: '/genre', search: '', status: 500, body: 'fault' },
    ]);
    expect(replay.calls.every((call) => call.at >= before && call.at <= Date.now())).toBe(true);
  });
});

describe('close', () => {
  it('returns promptly with a keep-alive connection open and a request hanging', async () => {
    const own = await startReplay();
    const agent = new Agent({ keepAlive: true });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        request(`${own.deezerUrl}/genre`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
      expect(status).toBe(200);
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
      own.fault('deezer', 'hang');
      const hanging = fetch(`${own.deezerUrl}/genre`).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // A hung answer never comes: a close() that waited for it would not resolve, and the
      // test's own timeout is the bound.
      await own.close();
      expect(await hanging).toBeInstanceOf(Error);
    } finally {
      agent.destroy();
    }
  });
});
