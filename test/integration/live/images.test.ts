/**
 * D14 in live mode, over the replay: `/cover`, `/artistimage` and `/spotify/cover`
 * answer the pictures Deezer names, fetched from the replay's stand-in of Deezer's image host
 * (`/deezer-images`, generated pictures) and from no other host, whatever a body or a caller
 * says; with the host's `Content-Type`, a week of cache, an ETag and 304, a bounded bytes
 * cache, and the errors of D3 when the host fails. `/spotify/cover` is asked the way a Discord
 * bot asks it, over a raw socket to the Node adapter, so its bytes reach Sleeve unencoded.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import {
  optionsFromEnv,
  type AlbumHit,
  type Artist,
  type MusicDriver,
  type Sleeve,
  type SleeveOptions,
} from '../../../core/index.ts';
import { deezerImageUrl, MAX_IMAGE_BYTES } from '../../../core/drivers/deezer/images.ts';
import { IMAGE_FIXTURES_DIR, standIns } from '../../../replay/deezer/images.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';

const DISCOVERY_COVER = '/images/cover/5718f7c81c27e0b2417e2a4c45224f8a';
const TELLIER_COVER = '/images/cover/8749a202c77d89b9c8485fe692b5dca8';
const DAFT_PUNK_PICTURE = '/images/artist/f2bc007e9133c946ac3c3907ddc5d2ea';
const sized = (width: number, height: number, extension = 'jpg'): string =>
  `/${width}x${height}-000000-80-0-0.${extension}`;
const DISCOVERY = '/cover?artist=Daft%20Punk&title=Discovery';
const SVG = /^image\/svg\+xml/;
const WEEK = 'public, max-age=604800';
/** Discord's media proxy: a User-Agent with no e-mail in it. */
const DISCORD_UA = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';
const quiet = { info: (): void => {}, error: (): void => {} };

const standIn = (file: string): Uint8Array => new Uint8Array(readFileSync(new URL(file, IMAGE_FIXTURES_DIR)));

let replay: Replay;

beforeAll(async () => {
  replay = await startReplay();
});
beforeEach(() => replay.reset());
afterEach(() => replay.fault('deezer-images', null));
afterAll(async () => {
  await disposeSleeves();
  await replay?.close();
});

/** A live Sleeve whose Deezer driver fetches pictures from the replay (`SLEEVE_DEEZER_IMAGES_URL`). */
const imagesSleeve = (options: SleeveOptions = {}): Sleeve =>
  liveSleeve(replay, { ...options, deezer: { imagesUrl: replay.urlOf('deezer-images'), ...options.deezer } });

/** The paths the image host was asked, in order. */
const imageCalls = (): string[] => replay.calls.filter((c) => c.upstream === 'deezer-images').map((c) => c.path);

interface Got {
  status: number;
  type: string | null;
  cache: string | null;
  etag: string | null;
  body: Uint8Array;
  text: string;
  headers: Headers;
}

/** An image request as an `<img>` makes it: no User-Agent at all. */
async function get(sleeve: Sleeve, path: string, headers: Record<string, string> = {}): Promise<Got> {
  const res = await sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers }));
  const body = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    etag: res.headers.get('etag'),
    body,
    text: new TextDecoder().decode(body),
    headers: res.headers,
  };
}

describe("the replay's image host", () => {
  it('keeps the stand-in pictures the script makes, byte for byte', () => {
    const made = standIns();
    expect([...made.keys()].sort()).toEqual(['artist.jpg', 'artist.png', 'cover.jpg', 'cover.png']);
    for (const [file, bytes] of made) expect(standIn(file), file).toEqual(bytes);
    expect([...standIn('cover.jpg').subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...standIn('cover.png').subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('serves the pictures the recordings name at any size up to 1900, 404 for others, 403 past 1900', async () => {
    const host = replay.urlOf('deezer-images');
    const png = await fetch(`${host}${DISCOVERY_COVER}${sized(576, 576, 'png')}`);
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(standIn('cover.png'));
    expect((await fetch(`${host}/images/cover/${'0'.repeat(32)}${sized(1000, 1000)}`)).status).toBe(404);
    expect((await fetch(`${host}${DISCOVERY_COVER}${sized(2000, 2000)}`)).status).toBe(403);
  });

  it("SLEEVE_DEEZER_IMAGES_URL is the Deezer driver's imagesUrl", () => {
    expect(optionsFromEnv({ SLEEVE_DEEZER_IMAGES_URL: 'http://127.0.0.1:7004/deezer-images' }).options.deezer).toEqual({
      imagesUrl: 'http://127.0.0.1:7004/deezer-images',
    });
    expect(optionsFromEnv({}).options.deezer).toBeUndefined();
  });
});

describe('/cover in live mode', () => {
  it('streams the cover Deezer names from its image host, as sent: JPEG, a week of cache, an ETag', async () => {
    const got = await get(imagesSleeve(), DISCOVERY);
    expect(got).toMatchObject({
      status: 200,
      type: 'image/jpeg',
      cache: WEEK,
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    expect(got.body).toEqual(standIn('cover.jpg'));
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('access-control-allow-origin')).toBe('*');
    expect(imageCalls()).toEqual([`${DISCOVERY_COVER}${sized(1000, 1000)}`]);
  });

  it('answers 304 to its ETag, and the bytes cache answers again without asking the image host', async () => {
    const sleeve = imagesSleeve();
    const first = await get(sleeve, DISCOVERY);
    const revalidated = await get(sleeve, DISCOVERY, { 'if-none-match': first.etag! });
    expect(revalidated).toMatchObject({ status: 304, etag: first.etag, cache: WEEK });
    expect(revalidated.body).toHaveLength(0);
    expect((await get(sleeve, DISCOVERY, { 'if-none-match': `W/${first.etag}, "other"` })).status).toBe(304);
    expect((await get(sleeve, DISCOVERY, { 'if-none-match': '"other"' })).body).toEqual(first.body);
    expect(imageCalls()).toHaveLength(1);
  });

  it('identical requests at once share one fetch of the picture', async () => {
    const sleeve = imagesSleeve();
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(sleeve, DISCOVERY)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(imageCalls()).toHaveLength(1);
  });

  it('asks the image host for the size and format asked; webp comes as JPEG; a bad size or format is ignored', async () => {
    const sleeve = imagesSleeve();
    const png = await get(sleeve, `${DISCOVERY}&width=576&height=576&format=png`);
    expect(png).toMatchObject({ status: 200, type: 'image/png' });
    expect(png.body).toEqual(standIn('cover.png'));
    expect((await get(sleeve, `${DISCOVERY}&format=webp&width=300`)).type).toBe('image/jpeg');
    expect((await get(sleeve, `${DISCOVERY}&height=64&format=JPEG`)).type).toBe('image/jpeg');
    for (const bad of ['width=0', 'width=1001', 'width=abc&height=-5', 'format=gif', 'width=1e3']) {
      expect((await get(sleeve, `${DISCOVERY}&${bad}`)).status, bad).toBe(200);
    }
    expect(imageCalls()).toEqual([
      `${DISCOVERY_COVER}${sized(576, 576, 'png')}`,
      `${DISCOVERY_COVER}${sized(300, 300)}`,
      `${DISCOVERY_COVER}${sized(64, 64)}`,
      // Every bad ask is the default picture, fetched once.
      `${DISCOVERY_COVER}${sized(1000, 1000)}`,
    ]);
  });

  it('an unknown pair is the placeholder SVG, 404, kept briefly; nothing is asked of the image host', async () => {
    const got = await get(imagesSleeve(), '/cover?artist=Daft%20Punk&title=Qqxzv%20Nothing');
    expect(got).toMatchObject({ status: 404, type: expect.stringMatching(SVG), cache: 'public, max-age=300' });
    expect(got.text).toContain('<svg');
    expect(imageCalls()).toEqual([]);
  });

  it('still answers 400 without a name, as in demo mode', async () => {
    const got = await get(imagesSleeve(), '/cover?artist=Daft%20Punk');
    expect(got.status).toBe(400);
    expect(JSON.parse(got.text)).toMatchObject({ ok: false, error: { code: 'bad_request', param: 'title' } });
  });

  it.each([
    ['http500', 502, 'upstream_error'],
    ['garbage', 502, 'upstream_error'],
    ['error200', 502, 'upstream_error'],
    ['reset', 502, 'upstream_error'],
  ] as const)('the image host failing (%s) is %i %s, and is not kept', async (fault, status, code) => {
    const sleeve = imagesSleeve();
    replay.fault('deezer-images', fault);
    const failed = await get(sleeve, DISCOVERY);
    expect(failed.status).toBe(status);
    expect(JSON.parse(failed.text)).toMatchObject({ ok: false, error: { code } });
    replay.fault('deezer-images', null);
    expect((await get(sleeve, DISCOVERY)).status).toBe(200);
  });

  it('the image host not answering in time is a 504', async () => {
    const sleeve = imagesSleeve({ deezer: { timeoutMs: 300 } });
    replay.fault('deezer-images', 'slow', { delayMs: 1500 });
    const got = await get(sleeve, DISCOVERY);
    expect(got.status).toBe(504);
    expect(JSON.parse(got.text)).toMatchObject({ error: { code: 'upstream_timeout' } });
  });

  describe('what the image host sends', () => {
    /** A Sleeve whose image fetches get `answer` instead of the replay's; everything else is the replay. */
    const answering = (answer: () => Response): Sleeve =>
      imagesSleeve({
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = input instanceof Request ? input.url : String(input);
          return url.startsWith(replay.urlOf('deezer-images')) ? answer() : fetch(input, init);
        }) as typeof globalThis.fetch,
      });
    const chunks = (count: number, size: number): ReadableStream<Uint8Array> => {
      let sent = 0;
      return new ReadableStream({
        pull(controller) {
          if (sent++ === count) controller.close();
          else controller.enqueue(new Uint8Array(size));
        },
      });
    };

    it('a picture over 2 MiB is a 502, whether it says so or not; one of 2 MiB is served', async () => {
      const over = MAX_IMAGE_BYTES + 1;
      const declared = answering(
        () =>
          new Response(new Uint8Array(over), {
            headers: { 'content-type': 'image/jpeg', 'content-length': String(over) },
          }),
      );
      expect((await get(declared, DISCOVERY)).status).toBe(502);
      const streamed = answering(
        () => new Response(chunks(3, 1024 * 1024), { headers: { 'content-type': 'image/jpeg' } }),
      );
      expect((await get(streamed, DISCOVERY)).status).toBe(502);
      const atMost = answering(
        () => new Response(chunks(2, 1024 * 1024), { headers: { 'content-type': 'image/jpeg' } }),
      );
      const got = await get(atMost, DISCOVERY);
      expect([got.status, got.body.byteLength]).toEqual([200, MAX_IMAGE_BYTES]);
    });

    it('only raster image types are passed on, with the Content-Type as sent', async () => {
      for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream', '']) {
        const sleeve = answering(
          () => new Response(new Uint8Array([1, 2, 3]), { headers: type ? { 'content-type': type } : {} }),
        );
        expect((await get(sleeve, DISCOVERY)).status, type).toBe(502);
      }
      const webp = answering(
        () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/webp' } }),
      );
      expect((await get(webp, DISCOVERY)).type).toBe('image/webp');
      const empty = answering(() => new Response(new Uint8Array(0), { headers: { 'content-type': 'image/jpeg' } }));
      expect((await get(empty, DISCOVERY)).status).toBe(502);
    });

    it('a 404, 403 or 410 is "no such picture": the placeholder', async () => {
      for (const status of [403, 404, 410]) {
        const got = await get(
          answering(() => new Response('gone', { status })),
          DISCOVERY,
        );
        expect([got.status, got.type?.startsWith('image/svg+xml')], String(status)).toEqual([404, true]);
      }
    });
  });
});

describe('/artistimage in live mode', () => {
  it("streams the artist's picture from the image host, at the size and format asked", async () => {
    const sleeve = imagesSleeve();
    const got = await get(sleeve, '/artistimage?id=27');
    expect(got).toMatchObject({
      status: 200,
      type: 'image/jpeg',
      cache: WEEK,
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    expect(got.body).toEqual(standIn('artist.jpg'));
    expect((await get(sleeve, '/artistimage?id=27', { 'if-none-match': got.etag! })).status).toBe(304);
    expect((await get(sleeve, '/artistimage?id=27&width=120&format=png')).body).toEqual(standIn('artist.png'));
    expect((await get(sleeve, '/artistimage?id=27&width=abc')).status).toBe(200);
    expect(imageCalls()).toEqual([
      `${DAFT_PUNK_PICTURE}${sized(1000, 1000)}`,
      `${DAFT_PUNK_PICTURE}${sized(120, 120, 'png')}`,
    ]);
  });

  it('an unknown artist is the placeholder; a bad id is still a 400', async () => {
    const sleeve = imagesSleeve();
    expect(await get(sleeve, '/artistimage?id=999999999')).toMatchObject({
      status: 404,
      type: expect.stringMatching(SVG),
    });
    expect((await get(sleeve, '/artistimage?id=abc')).status).toBe(400);
    expect(imageCalls()).toEqual([]);
  });
});

describe('no other host is ever fetched', () => {
  /** A server that must never be asked anything: it records every request it gets. */
  let elsewhere: { server: Server; port: number; url: string; hits: string[] };
  /** The configured image origin when it redirects: to `elsewhere`. */
  let redirector: { server: Server; url: string; hits: string[] };

  const listen = async (
    handler: (path: string) => { status: number; headers: Record<string, string>; body: string },
  ) => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(`${request.headers.host}${request.url}`);
      const { status, headers, body } = handler(request.url ?? '/');
      response.writeHead(status, headers).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { server, port, url: `http://127.0.0.1:${port}`, hits };
  };

  beforeAll(async () => {
    elsewhere = await listen(() => ({ status: 200, headers: { 'content-type': 'image/jpeg' }, body: 'not Deezer' }));
    redirector = await listen((path) => ({ status: 302, headers: { location: `${elsewhere.url}${path}` }, body: '' }));
  });
  beforeEach(() => {
    elsewhere.hits.length = 0;
    redirector.hits.length = 0;
  });
  afterAll(async () => {
    for (const { server } of [elsewhere, redirector]) await new Promise((resolve) => server.close(resolve));
  });

  /** Deezer's own driver, but every album and artist it finds names `picture` as its picture. */
  function picturing(picture: string, options: SleeveOptions = {}): Sleeve {
    const deezer = imagesSleeve(options).deps.drivers.music;
    const album: AlbumHit = {
      id: 302127,
      title: 'Discovery',
      artist: { id: 27, name: 'Daft Punk' },
      recordType: 'album',
      releaseDate: null,
      trackCount: null,
      explicit: false,
      genreId: null,
      fans: null,
      coverUrl: picture,
    };
    const artist: Artist = { id: 27, name: 'Daft Punk', fans: 0, albumCount: 0, genres: [], imageUrl: picture };
    const music: MusicDriver = {
      ...deezer,
      searchAlbums: async () => [album],
      searchTracks: async () => [],
      artist: async () => artist,
    };
    return liveSleeve(replay, { ...options, sources: { music } });
  }

  const path = `${DISCOVERY_COVER}${sized(1000, 1000)}`;
  it.each([
    ['a Deezer picture path on another host', () => `${elsewhere.url}${path}`],
    [
      'a Deezer host as the user part of another host',
      () => `https://cdn-images.dzcdn.net@127.0.0.1:${elsewhere.port}${path}`,
    ],
    ['a Deezer host with a port', () => `http://cdn-images.dzcdn.net:${elsewhere.port}${path}`],
    ["a host that only begins like Deezer's", () => `https://cdn-images.dzcdn.net.127.0.0.1.nip.io${path}`],
    [
      'a Deezer host with a path that leaves /images',
      () => `https://cdn-images.dzcdn.net${DISCOVERY_COVER}/../../../../x${sized(1, 1)}`,
    ],
    ['a Deezer host with another kind of path', () => `https://cdn-images.dzcdn.net/stream/c-1.mp3`],
    [
      'an artist without a picture (an empty md5)',
      () => `https://e-cdns-images.dzcdn.net/images/artist/${sized(1000, 1000)}`,
    ],
    ['not http', () => `file:///etc/passwd`],
    ['a data URL', () => 'data:image/png;base64,iVBORw0KGgo='],
  ])('%s: the placeholder, and nothing is fetched', async (_, picture) => {
    const sleeve = picturing(picture());
    for (const asked of [
      DISCOVERY,
      '/artistimage?id=27',
      '/spotify/cover?artist=Daft%20Punk&title=Discovery&width=576',
    ]) {
      expect(await get(sleeve, asked), asked).toMatchObject({ status: 404, type: expect.stringMatching(SVG) });
    }
    expect(elsewhere.hits).toEqual([]);
    expect(imageCalls()).toEqual([]);
  });

  it('a Deezer picture is fetched from the configured origin, never from the host it names', async () => {
    expect(deezerImageUrl(`https://cdns-images.dzcdn.net${path}?a=1#b`, { width: 56 }, 'http://127.0.0.1:1/x/')).toBe(
      `http://127.0.0.1:1/x${DISCOVERY_COVER}${sized(56, 56)}`,
    );
    // Unconfigured, it is the Deezer host the picture names, over HTTPS.
    expect(deezerImageUrl(`http://e-cdns-images.dzcdn.net${path}`)).toBe(`https://e-cdns-images.dzcdn.net${path}`);
    const got = await get(picturing(`https://cdns-images.dzcdn.net${path}`), DISCOVERY);
    expect([got.status, got.type]).toEqual([200, 'image/jpeg']);
    const missing = await get(
      picturing(`https://cdn-images.dzcdn.net/images/cover/${'0'.repeat(32)}${sized(1000, 1000)}`),
      DISCOVERY,
    );
    expect(missing.status).toBe(404);
    expect(imageCalls()).toEqual([path, `/images/cover/${'0'.repeat(32)}${sized(1000, 1000)}`]);
  });

  it('a redirect from the image host is not followed: 502', async () => {
    const sleeve = imagesSleeve({ deezer: { imagesUrl: redirector.url } });
    const got = await get(sleeve, DISCOVERY);
    expect(got.status).toBe(502);
    expect(redirector.hits).toEqual([`127.0.0.1:${new URL(redirector.url).port}${path}`]);
    expect(elsewhere.hits).toEqual([]);
  });

  it('a URL in the query is just an unknown parameter', async () => {
    const got = await get(
      imagesSleeve(),
      `${DISCOVERY}&url=${encodeURIComponent(elsewhere.url)}&image=${encodeURIComponent(`${elsewhere.url}${path}`)}`,
    );
    expect(got.status).toBe(200);
    expect(elsewhere.hits).toEqual([]);
  });
});

// ---- What a real client of the original asks for (a Discord bot's `/spotify/cover`). ----

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A GET whose request line is `target` byte for byte (UTF-8 for characters past ASCII): no
 * URL parser re-encodes it on the way, as `fetch` and `new Request` would.
 */
function raw(port: number, target: string, userAgent = DISCORD_UA): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        Buffer.concat([
          Buffer.from('GET '),
          Buffer.from(target, 'utf8'),
          Buffer.from(
            ` HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${userAgent}\r\nAccept: image/*\r\nConnection: close\r\n\r\n`,
          ),
        ]),
      );
    });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(received);
      const end = all.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = all.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const rest = all.subarray(end + 4);
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest,
      });
    });
  });
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const line = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.subarray(at, line).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(body.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

describe('/spotify/cover as a Discord bot asks it, over a raw socket to the Node adapter', () => {
  let served: Served;
  let port: number;

  beforeAll(async () => {
    served = await serve({
      port: 0,
      hostname: '127.0.0.1',
      mode: 'live',
      ...replay.options,
      deezer: { imagesUrl: replay.urlOf('deezer-images') },
      rateLimits: 'off',
      log: quiet,
    });
    port = Number(new URL(served.url).port);
  });
  afterAll(async () => {
    served.server.close();
    await served.sleeve.deps.storage.dispose();
  });

  const BOT = '/spotify/cover?format=webp&width=576&height=576';
  const picture = (answer: RawAnswer) => ({ status: answer.status, type: answer.headers['content-type'] });
  const searched = (): string[] =>
    replay.calls
      .filter((c) => c.upstream === 'deezer' && c.path.startsWith('/search/'))
      .map((c) => new URLSearchParams(c.search).get('q') ?? '');

  it("finds the cover, at the bot's size, as JPEG (Deezer's CDN makes no WebP), with no e-mail in the User-Agent", async () => {
    const answer = await raw(port, `${BOT}&artist=Daft%20Punk&title=Discovery`);
    expect(picture(answer)).toEqual({ status: 200, type: 'image/jpeg' });
    expect(new Uint8Array(answer.body)).toEqual(standIn('cover.jpg'));
    expect(answer.headers['cache-control']).toBe(WEEK);
    expect(imageCalls()).toEqual([`${DISCOVERY_COVER}${sized(576, 576)}`]);
  });

  it('a raw & inside a name keeps the name whole (Simon & Garfunkel): the placeholder, never a 400', async () => {
    const answer = await raw(port, `${BOT}&artist=Simon%20&%20Garfunkel&title=The%20Boxer`);
    expect(picture(answer)).toEqual({ status: 404, type: 'image/svg+xml; charset=utf-8' });
    expect(searched()[0]).toBe('Simon & Garfunkel The Boxer');
  });

  it('a raw + is a character of the name, and names match folded: Daft+Punk finds Daft Punk', async () => {
    expect(picture(await raw(port, `${BOT}&artist=Daft+Punk&title=Discovery`)).status).toBe(200);
    expect(
      picture(await raw(port, `${BOT}&artist=Red%20Hot%20+%20Rhapsody&title=Red%20Hot%20+%20Rhapsody`)).status,
    ).toBe(404);
    expect(searched()).toContain('Red Hot Rhapsody Red Hot Rhapsody');
  });

  it('a title cut at # finds its cover or the placeholder, whether the # reaches the server or not', async () => {
    expect(picture(await raw(port, `${BOT}&artist=Daft%20Punk&title=Discovery#Remastered`)).status).toBe(200);
    expect(picture(await raw(port, `${BOT}&artist=Daft%20Punk&title=#1%20Hits`))).toEqual({
      status: 404,
      type: 'image/svg+xml; charset=utf-8',
    });
    const cut = await get(imagesSleeve(), '/spotify/cover?artist=Daft%20Punk&title=Discovery#2001');
    expect(cut.status).toBe(200);
  });

  it('UTF-8 names, percent-encoded, find their cover (Sébastien Tellier) or the placeholder (Björk)', async () => {
    const tellier = await raw(port, `${BOT}&artist=S%C3%A9bastien%20Tellier&title=SYMPHONIC%20(Extended)`);
    expect(picture(tellier)).toEqual({ status: 200, type: 'image/jpeg' });
    expect(imageCalls()).toEqual([`${TELLIER_COVER}${sized(576, 576)}`]);
    expect(picture(await raw(port, `${BOT}&artist=Bj%C3%B6rk&title=Homogenic`)).status).toBe(404);
    // `new Request` encodes raw characters itself, as Bun and Deno hand them over unencoded.
    expect(
      (await get(imagesSleeve(), '/spotify/cover?artist=Sébastien Tellier&title=SYMPHONIC (Extended)')).status,
    ).toBe(200);
    expect((await get(imagesSleeve(), '/spotify/cover?artist=Björk&title=Homogenic')).status).toBe(404);
  });

  it('a missing name, a bad size or format, a cache-buster, no User-Agent at all: never 400, 401 or 500', async () => {
    const asks = [
      '/spotify/cover?title=Discovery',
      '/spotify/cover?artist=Daft%20Punk',
      '/spotify/cover',
      `/spotify/cover?format=bmp&width=5000&height=-1&artist=Daft%20Punk&title=Discovery`,
      `${BOT}&artist=Daft%20Punk&title=Discovery&v=1712345678`,
      `${BOT}&artist=Daft%20Punk&title=Discovery&artist=Someone%20Else`,
      `${BOT}&artist=${'a'.repeat(300)}&title=Discovery`,
    ];
    for (const ask of asks) {
      for (const userAgent of [DISCORD_UA, '']) {
        const { status } = await raw(port, ask, userAgent);
        expect([200, 404], `${ask} (User-Agent ${JSON.stringify(userAgent)}) → ${status}`).toContain(status);
      }
    }
    expect(picture(await raw(port, `${BOT}&artist=Daft%20Punk&title=Discovery&v=1712345678`)).status).toBe(200);
    // /cover itself is public too, and answers 400 for a missing name (D4).
    expect((await raw(port, '/cover?artist=Daft%20Punk&title=Discovery')).status).toBe(200);
    expect((await raw(port, '/cover?title=Discovery')).status).toBe(400);
  });

  // The route reads its query itself (declaration `readQuery`), so the strict reader never sees it.
  it('a % that starts no escape stays a literal % (100%): never a 400', async () => {
    const { status } = await raw(port, `${BOT}&artist=Daft%20Punk&title=100%`);
    expect([200, 404]).toContain(status);
  });

  // Node's HTTP parser refuses bytes past 0x7F in the request line before any handler runs
  // (HPE_INVALID_URL); the Node adapter encodes them and answers (adapters/node/client-errors.ts).
  it('raw UTF-8 in the request line (Björk, Sébastien) finds its cover or the placeholder', async () => {
    const { status } = await raw(port, `${BOT}&artist=Sébastien%20Tellier&title=SYMPHONIC%20(Extended)`);
    expect(status).toBe(200);
  });
});
