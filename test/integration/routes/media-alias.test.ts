/**
 * Demo mode: `/spotify/cover`, the older path of the cover proxy that a Discord bot
 * still asks (`?format=webp&width=576&height=576&artist=<A>&title=<T>`, only spaces encoded,
 * from a User-Agent with no e-mail), answers what `/cover` answers: the drawn SVG art (demo
 * mode draws SVG at any size or format, see `core/routes/media/media.ts`) or the placeholder, never
 * a 400, 401 or 500. ETags and 304 on every picture. One test goes through a raw socket to the
 * Node adapter, so the request line reaches Sleeve exactly as the bot wrote it.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import type { TrackHit } from '../../../core/domain/music.ts';
import { sleeve } from '../../helpers/routes/client.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';

const DISCORD_UA = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';
const BOT = '/spotify/cover?format=webp&width=576&height=576';
const SVG = /^image\/svg\+xml/;

async function image(path: string, headers: Record<string, string> = {}) {
  const res = await sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers }));
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    etag: res.headers.get('etag'),
    body: await res.text(),
  };
}

/** Only spaces encoded, as the bot writes names. */
const bot = (name: string): string => name.replace(/ /g, '%20');

/** A charting track whose artist name holds `pattern`, from the built-in catalogue. */
async function chartingWith(pattern: RegExp): Promise<TrackHit> {
  const found = (await chartTracks(100)).find((t) => pattern.test(t.artist.name));
  if (!found) throw new Error(`no charting artist matches ${pattern}`);
  return found;
}

describe('/spotify/cover in demo mode', () => {
  it('draws what /cover draws, as SVG at any asked size or format, with no User-Agent rule', async () => {
    const [track] = await chartTracks(1);
    const names = `artist=${encodeURIComponent(track!.artist.name)}&title=${encodeURIComponent(track!.album.title)}`;
    const cover = await image(`/cover?${names}`);
    const alias = await image(`${BOT}&${names}`, { 'user-agent': DISCORD_UA });
    expect(alias).toMatchObject({
      status: 200,
      type: expect.stringMatching(SVG),
      cache: 'public, max-age=31536000, immutable',
    });
    expect(alias.body).toBe(cover.body);
    expect(alias.etag).toBe(cover.etag);
    expect(alias.etag).toMatch(/^"[0-9a-f]{16}"$/);
    for (const format of ['png', 'jpg', 'bmp'])
      expect((await image(`/spotify/cover?${names}&format=${format}&width=9999`)).body).toBe(cover.body);
  });

  it('answers 304 to the ETag of its art, on both paths', async () => {
    const [track] = await chartTracks(1);
    const names = `artist=${encodeURIComponent(track!.artist.name)}&title=${encodeURIComponent(track!.album.title)}`;
    const { etag } = await image(`/cover?${names}`);
    for (const path of [`/cover?${names}`, `${BOT}&${names}`]) {
      const again = await image(path, { 'if-none-match': etag! });
      expect([again.status, again.body, again.etag]).toEqual([304, '', etag]);
    }
    expect((await image(`/artistimage?id=${track!.artist.id}`, { 'if-none-match': etag! })).status).toBe(200);
  });

  it('keeps a raw & inside a name: an artist with & in its name is found', async () => {
    const track = await chartingWith(/&/);
    const answer = await image(`${BOT}&artist=${bot(track.artist.name)}&title=${bot(track.album.title)}`, {
      'user-agent': DISCORD_UA,
    });
    expect([answer.status, answer.type]).toEqual([200, 'image/svg+xml; charset=utf-8']);
  });

  it('folds names: a + between words, other case and accents find the same art', async () => {
    const [track] = await chartTracks(1);
    const title = encodeURIComponent(track!.album.title);
    const plain = await image(`/cover?artist=${encodeURIComponent(track!.artist.name)}&title=${title}`);
    const plus = await image(`${BOT}&artist=${track!.artist.name.replace(/ /g, '+').toUpperCase()}&title=${title}`);
    expect(plus.status).toBe(200);
    expect(plus.body).toBe(plain.body);
  });

  it('a missing or blank name, an unknown pair, a bad size: the placeholder or the art, never a 400', async () => {
    const [track] = await chartTracks(1);
    const artist = bot(track!.artist.name);
    for (const path of [
      '/spotify/cover',
      `/spotify/cover?artist=${artist}`,
      `/spotify/cover?title=x`,
      `/spotify/cover?artist=%20&title=%20`,
      `${BOT}&artist=${artist}&title=#1`,
    ]) {
      expect(await image(path), path).toMatchObject({
        status: 404,
        type: expect.stringMatching(SVG),
        cache: 'public, max-age=300',
      });
    }
    expect((await image(`${BOT}&artist=Simon%20&%20Garfunkel&title=The%20Boxer`)).status).toBe(404);
    expect((await image(`/spotify/cover?artist=${'x'.repeat(300)}&title=y`)).status).toBe(404);
    expect(
      (
        await image(
          `/spotify/cover?width=0&height=abc&format=gif&artist=${artist}&title=${bot(track!.album.title)}&v=2`,
        )
      ).status,
    ).toBe(200);
  });

  it('/cover itself keeps D4: 400 for a missing, blank or too long name; ignores a bad size', async () => {
    const [track] = await chartTracks(1);
    for (const [path, param] of [
      ['/cover?artist=x', 'title'],
      ['/cover?title=x', 'artist'],
      ['/cover?artist=%20&title=x', 'artist'],
      [`/cover?artist=${'x'.repeat(201)}&title=x`, 'artist'],
    ] as const) {
      const answer = await image(path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'bad_request', param } });
    }
    const names = `artist=${encodeURIComponent(track!.artist.name)}&title=${encodeURIComponent(track!.album.title)}`;
    expect((await image(`/cover?${names}&width=5000&format=tiff`)).status).toBe(200);
  });

  it('works under a version prefix and answers HEAD and CORS like /cover', async () => {
    const [track] = await chartTracks(1);
    const names = `artist=${bot(track!.artist.name)}&title=${bot(track!.album.title)}`;
    expect((await image(`/v2.1.0${BOT}&${names}`)).status).toBe(200);
    const res = await sleeve.fetch(
      new Request(`http://sleeve.test${BOT}&${names}`, { headers: { origin: 'https://discord.com' } }),
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const head = await sleeve.fetch(new Request(`http://sleeve.test${BOT}&${names}`, { method: 'HEAD' }));
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, res.headers.get('etag'), '']);
  });
});

describe('/spotify/cover over a raw socket to the Node adapter (demo mode)', () => {
  let served: Served;
  let port: number;

  beforeAll(async () => {
    served = await serve({
      port: 0,
      hostname: '127.0.0.1',
      rateLimits: 'off',
      log: { info: () => {}, error: () => {} },
    });
    port = Number(new URL(served.url).port);
  });
  afterAll(async () => {
    served.server.close();
    await served.sleeve.deps.storage.dispose();
  });

  /** The status line and Content-Type of a GET whose request line is `target` byte for byte. */
  const raw = (target: string, userAgent = DISCORD_UA): Promise<{ status: number; type: string }> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${userAgent}\r\nConnection: close\r\n\r\n`,
        );
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => {
        const status = Number(received.split(' ')[1]);
        const type = /\r\ncontent-type: *([^\r]*)/i.exec(received)?.[1] ?? '';
        resolve({ status, type });
      });
    });

  it("answers the bot's own request lines with art or the placeholder, never 400, 401 or 500", async () => {
    const track = await chartingWith(/&/);
    const [first] = await chartTracks(1);
    const found = [
      `${BOT}&artist=${bot(track.artist.name)}&title=${bot(track.album.title)}`,
      `${BOT}&artist=${first!.artist.name.replace(/ /g, '+')}&title=${bot(first!.album.title)}`,
      `${BOT}&artist=${bot(first!.artist.name)}&title=${bot(first!.album.title)}#cut`,
    ];
    for (const target of found)
      expect(await raw(target), target).toEqual({ status: 200, type: 'image/svg+xml; charset=utf-8' });
    const placeholder = [
      `${BOT}&artist=Simon%20&%20Garfunkel&title=The%20Boxer`,
      `${BOT}&artist=Bj%C3%B6rk&title=J%C3%B3ga`,
      `${BOT}&artist=${bot(first!.artist.name)}&title=#1%20Hit`,
      '/spotify/cover',
    ];
    for (const target of placeholder)
      expect(await raw(target), target).toEqual({ status: 404, type: 'image/svg+xml; charset=utf-8' });
    expect((await raw(`${BOT}&artist=${bot(first!.artist.name)}&title=${bot(first!.album.title)}`, '')).status).toBe(
      200,
    );
  });
});
