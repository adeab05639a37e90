/**
 * @module
 * The links driver (D11) over the replay: each platform's metadata (Spotify keyless and with
 * credentials, Apple, YouTube, SoundCloud) for the kinds it has, unknown items, faults as D3
 * names them, the bases it uses and no other host, and short links: followed only through D11's
 * hosts, at most 3 redirects, a foreign redirect refused with no request reaching the foreign
 * server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStorage } from 'unstorage';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLink } from '../../../core/links/parse.ts';
import type { ParsedLink } from '../../../core/links/types.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import links, { DEFAULT_URLS, DRIVER_NAME, type LinksOptions } from '../../../core/drivers/links/index.ts';
import { storageBreaker } from '../../../core/storage/breaker.ts';
import type { LinkMetadata } from '../../../core/domain/links.ts';
import type { LinksDriver } from '../../../core/drivers/contracts/links.ts';
import { startReplay, type Fault, type Replay } from '../../../replay/server.ts';
import type { UpstreamName } from '../../../replay/mounts.ts';
import { rejection } from '../../helpers/rejection.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

let replay: Replay;
/** A server that is no platform: any request reaching it is a failure of the allow-list. */
let foreign: Server;
let foreignUrl: string;
const foreignHits: string[] = [];

beforeAll(async () => {
  replay = await startReplay();
  foreign = createServer((request, response) => {
    foreignHits.push(request.url ?? '');
    response.writeHead(302, { location: 'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe' }).end();
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await replay.close();
  await new Promise<void>((resolve) => foreign.close(() => resolve()));
});
beforeEach(() => {
  replay.reset();
  foreignHits.length = 0;
});

const LINK_UPSTREAMS: readonly UpstreamName[] = [
  'spotify',
  'spotify-api',
  'spotify-accounts',
  'itunes',
  'youtube',
  'soundcloud',
  'short-links',
];
afterEach(() => {
  for (const upstream of LINK_UPSTREAMS) replay.fault(upstream, null);
});

interface Made {
  source: LinksDriver;
  /** Every URL the driver requested, in order. */
  fetched: string[];
  errors: string[];
}

/** A fetch as tests write one (the runtime's type carries Bun's extras). */
type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const CREDENTIALS = { spotifyClientId: 'replay-client', spotifyClientSecret: 'replay-secret' } as const;

function make(options: { driver?: Partial<LinksOptions>; now?: () => number; fetch?: Fetch } = {}): Made {
  const fetched: string[] = [];
  const errors: string[] = [];
  const log = { info() {}, error: (message: string) => void errors.push(message) };
  const inner: Fetch = options.fetch ?? globalThis.fetch;
  const recording: Fetch = (input, init) => {
    fetched.push(input instanceof Request ? input.url : String(input));
    return inner(input, init);
  };
  const ctx = createDriverContext({
    storage: createStorage(),
    breaker: storageBreaker(log, 'test', systemClock),
    clock: clockOf(options.now ?? Date.now),
    log,
    fetch: recording as typeof globalThis.fetch,
  });
  return { source: links({ ...replay.options.links, ...options.driver }, ctx), fetched, errors };
}

const callsTo = (upstream: UpstreamName) => replay.calls.filter((c) => c.upstream === upstream);
const meta = (
  type: LinkMetadata['type'],
  title: string,
  artist: string | null,
  more: Partial<LinkMetadata> = {},
): LinkMetadata => ({ type, title, artist, durationMs: null, isrc: null, upc: null, ...more });

describe("Spotify, keyless (oEmbed and the page's Open Graph tags)", () => {
  it('reads a track: title from oEmbed, main artist and duration from the page (recorded item)', async () => {
    const { source } = make();
    expect(
      await source.metadata(parseLink('https://open.spotify.com/intl-fr/track/2plbrEY59IikOBgBGLjaoe?si=abc')),
    ).toEqual(meta('track', 'Die With A Smile', 'Lady Gaga', { durationMs: 252_000 }));
    expect(
      callsTo('spotify')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/oembed', '/track/2plbrEY59IikOBgBGLjaoe']);
    expect(new URLSearchParams(callsTo('spotify').find((c) => c.path === '/oembed')!.search).get('url')).toBe(
      'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe',
    );
    expect(callsTo('spotify-api')).toHaveLength(0);
    expect(callsTo('spotify-accounts')).toHaveLength(0);
  });

  it('reads tracks lining up with the Deezer replay, and one with no duration', async () => {
    const { source } = make();
    expect(await source.metadata(parseLink('https://open.spotify.com/track/5W3cjX2J3tjhG8zb6u0qHn'))).toEqual(
      meta('track', 'Harder, Better, Faster, Stronger', 'Daft Punk', { durationMs: 224_000 }),
    );
    expect(await source.metadata(parseLink('spotify:track:0VjIjW4GlUZAMYd2vXMi3b'))).toEqual(
      meta('track', 'Blinding Lights', 'The Weeknd', { durationMs: 200_000 }),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/track/6oaz82MzzilUXPVIlSmHbE'))).toEqual(
      meta('track', 'Паук', 'Nikto'),
    );
  });

  it('reads albums, artists and playlists', async () => {
    const { source } = make();
    expect(await source.metadata(parseLink('https://open.spotify.com/album/10FLjwfpbxLmW8c25Xyc2N'))).toEqual(
      meta('album', 'Die With A Smile', 'Lady Gaga'),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/album/2noRn2Aes5aoNVsU6iWThc'))).toEqual(
      meta('album', 'Discovery', 'Daft Punk'),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/album/32nryzA6XBCX9ZUspVc1yz'))).toEqual(
      meta('album', 'Classic Rock Hits', 'Various Artists'),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/album/0R8Q1Ssj8x17w30NUas7yu'))).toEqual(
      meta('album', 'Still Sleepless', 'D.O.D'),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/artist/4tZwfgrHOc3mvqYlEYSvVi'))).toEqual(
      meta('artist', 'Daft Punk', null),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/artist/1HY2Jd0NmPuamShAr6KMms'))).toEqual(
      meta('artist', 'Lady Gaga', null),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M'))).toEqual(
      meta('playlist', "Today's Top Hits", null),
    );
  });

  it('answers null for an item Spotify does not have, and keeps every answer in its cache', async () => {
    const { source } = make();
    const unknown = parseLink('https://open.spotify.com/track/0000000000000000000000');
    expect(await source.metadata(unknown)).toBeNull();
    expect(await source.metadata(unknown)).toBeNull();
    const known = parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe');
    await source.metadata(known);
    await source.metadata(known);
    expect(callsTo('spotify')).toHaveLength(4);
  });

  it("answers oEmbed's title alone when only the page fails", async () => {
    const page = '/track/2plbrEY59IikOBgBGLjaoe';
    const { source, errors } = make({
      fetch: (input, init) =>
        String(input).endsWith(page)
          ? Promise.resolve(new Response('oops', { status: 503 }))
          : globalThis.fetch(input, init),
    });
    expect(await source.metadata(parseLink(`https://open.spotify.com${page}`))).toEqual(
      meta('track', 'Die With A Smile', null),
    );
    expect(errors.some((e) => e.includes('[spotify]') && e.includes('page failed'))).toBe(true);
  });
});

describe('Spotify, with client credentials (Web API: exact ISRC and UPC)', () => {
  it("gives a track's ISRC and an album's UPC from the recorded Web API answers", async () => {
    const { source } = make({ driver: CREDENTIALS });
    expect(await source.metadata(parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe'))).toEqual(
      meta('track', 'Die With A Smile', 'Lady Gaga', { durationMs: 251_667, isrc: 'USUM72409273' }),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/album/10FLjwfpbxLmW8c25Xyc2N'))).toEqual(
      meta('album', 'Die With A Smile', 'Lady Gaga', { upc: '00602475093060' }),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/track/3n3Ppam7vgaVa1iaRUc9Lp'))).toEqual(
      meta('track', 'Mr. Brightside', 'The Killers', { durationMs: 222_200, isrc: 'GBFFP0300052' }),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/track/5W3cjX2J3tjhG8zb6u0qHn'))).toEqual(
      meta('track', 'Harder, Better, Faster, Stronger', 'Daft Punk', { durationMs: 224_000, isrc: 'GBDUW0000059' }),
    );
    expect(callsTo('spotify-api').map((c) => c.path)).toEqual([
      '/v1/tracks/2plbrEY59IikOBgBGLjaoe',
      '/v1/albums/10FLjwfpbxLmW8c25Xyc2N',
      '/v1/tracks/3n3Ppam7vgaVa1iaRUc9Lp',
      '/v1/tracks/5W3cjX2J3tjhG8zb6u0qHn',
    ]);
    // One token for all of them, asked with the client-credentials grant.
    expect(callsTo('spotify-accounts')).toEqual([expect.objectContaining({ method: 'POST', path: '/api/token' })]);
    expect(callsTo('spotify')).toHaveLength(0);
  });

  it('sends the token and the client credentials the way Spotify documents', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const { source } = make({
      driver: CREDENTIALS,
      fetch: (input, init) => (seen.push({ url: String(input), init }), globalThis.fetch(input, init)),
    });
    await source.metadata(parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe'));
    const [token, api] = seen;
    expect(token!.url).toBe(`${replay.urlOf('spotify-accounts')}/api/token`);
    expect(token!.init?.method).toBe('POST');
    expect(token!.init?.body).toBe('grant_type=client_credentials');
    const headers = new Headers(token!.init?.headers);
    expect(headers.get('authorization')).toBe(`Basic ${btoa('replay-client:replay-secret')}`);
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(new Headers(api!.init?.headers).get('authorization')).toMatch(/^Bearer BQ-replay-token-\d+$/);
  });

  it('keeps the token until a minute before it expires, then asks for a new one', async () => {
    let now = Date.now();
    const { source } = make({ driver: CREDENTIALS, now: () => now });
    await source.metadata(parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe'));
    now += 3_500_000;
    await source.metadata(parseLink('https://open.spotify.com/album/10FLjwfpbxLmW8c25Xyc2N'));
    expect(callsTo('spotify-accounts')).toHaveLength(1);
    now += 100_000;
    await source.metadata(parseLink('https://open.spotify.com/track/5W3cjX2J3tjhG8zb6u0qHn'));
    expect(callsTo('spotify-accounts')).toHaveLength(2);
  });

  it('asks once more with a new token when the API says the token is no longer valid', async () => {
    let first = true;
    const { source } = make({
      driver: CREDENTIALS,
      fetch: (input, init) => {
        if (String(input).includes('/v1/') && first) {
          first = false;
          return Promise.resolve(
            new Response('{"error":{"status":401,"message":"The access token expired"}}', { status: 401 }),
          );
        }
        return globalThis.fetch(input, init);
      },
    });
    expect((await source.metadata(parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe')))?.isrc).toBe(
      'USUM72409273',
    );
    expect(callsTo('spotify-accounts')).toHaveLength(2);
  });

  it('answers the keyless way, says so once, and leaves refused credentials alone 10 minutes', async () => {
    let now = Date.now();
    let tokenRequests = 0;
    const { source, errors } = make({
      driver: CREDENTIALS,
      now: () => now,
      fetch: (input, init) =>
        String(input).endsWith('/api/token')
          ? (tokenRequests++,
            Promise.resolve(
              new Response('{"error":"invalid_client","error_description":"Invalid client"}', { status: 400 }),
            ))
          : globalThis.fetch(input, init),
    });
    expect(await source.metadata(parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe'))).toEqual(
      meta('track', 'Die With A Smile', 'Lady Gaga', { durationMs: 252_000 }),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/album/2noRn2Aes5aoNVsU6iWThc'))).toEqual(
      meta('album', 'Discovery', 'Daft Punk'),
    );
    expect(errors.filter((e) => e.includes('refused the configured Spotify client credentials'))).toHaveLength(1);
    expect(tokenRequests).toBe(1);
    expect(callsTo('spotify-api')).toHaveLength(0);
    now += 10 * 60 * 1000;
    await source.metadata(parseLink('https://open.spotify.com/track/5W3cjX2J3tjhG8zb6u0qHn'));
    expect(tokenRequests).toBe(2);
    expect(errors.filter((e) => e.includes('refused the configured Spotify client credentials'))).toHaveLength(2);
  });

  it('keeps artists and playlists keyless, answers null for an unknown item, and refuses half a pair of credentials', async () => {
    const { source } = make({ driver: CREDENTIALS });
    expect(await source.metadata(parseLink('https://open.spotify.com/artist/4tZwfgrHOc3mvqYlEYSvVi'))).toEqual(
      meta('artist', 'Daft Punk', null),
    );
    expect(await source.metadata(parseLink('https://open.spotify.com/track/0000000000000000000000'))).toBeNull();
    expect(callsTo('spotify-api').map((c) => c.path)).toEqual(['/v1/tracks/0000000000000000000000']);
    expect(() => make({ driver: { spotifyClientId: 'only-the-id' } })).toThrow(/go together/);
  });
});

describe('Apple Music (iTunes Lookup)', () => {
  it('reads a song (recorded lookup) in the storefront the link names', async () => {
    const { source } = make();
    expect(
      await source.metadata(
        parseLink('https://music.apple.com/gb/album/death-on-two-legs-dedicated-to/1441458047?i=1441458049&uo=4'),
      ),
    ).toEqual(meta('track', 'Death On Two Legs (Dedicated To...)', 'Queen', { durationMs: 223_094 }));
    const [call] = callsTo('itunes');
    expect(call!.path).toBe('/lookup');
    expect(Object.fromEntries(new URLSearchParams(call!.search))).toEqual({
      id: '1441458049',
      entity: 'song',
      country: 'gb',
    });
  });

  it('reads albums (release-kind suffix dropped) and artists; a song of the Deezer replay by its title, artist and duration', async () => {
    const { source } = make();
    expect(
      await source.metadata(
        parseLink('https://music.apple.com/gb/album/a-night-at-the-opera-deluxe-edition/1441458047'),
      ),
    ).toEqual(meta('album', 'A Night at the Opera (Deluxe Edition)', 'Queen'));
    expect(
      await source.metadata(parseLink('https://music.apple.com/us/album/nightmare-escape-the-era-ep/1728639278?uo=4')),
    ).toEqual(meta('album', 'Nightmare·Escape The ERA', 'Dreamcatcher'));
    expect(
      await source.metadata(parseLink('https://music.apple.com/us/album/still-sleepless-single/1581786154')),
    ).toEqual(meta('album', 'Still Sleepless', 'D.O.D & Carla Monroe'));
    expect(await source.metadata(parseLink('https://music.apple.com/us/artist/queen/3296287'))).toEqual(
      meta('artist', 'Queen', null),
    );
    expect(
      await source.metadata(parseLink('https://music.apple.com/fr/song/harder-better-faster-stronger/9990000004')),
    ).toEqual(meta('track', 'Harder, Better, Faster, Stronger', 'Daft Punk', { durationMs: 224_693 }));
    expect(await source.metadata(parseLink('https://music.apple.com/us/album/_/1456473248?i=1456473251'))).toEqual(
      meta('track', 'Паук', 'Nikto'),
    );
  });

  it('answers null for an id the storefront does not have, and for playlists without asking', async () => {
    const { source } = make();
    // No storefront in the link: `us`, where the recorded gb album's song is unknown.
    expect(await source.metadata(parseLink('https://music.apple.com/song/1441458049'))).toBeNull();
    expect(new URLSearchParams(callsTo('itunes')[0]!.search).get('country')).toBe('us');
    expect(await source.metadata(parseLink('https://music.apple.com/us/song/12345'))).toBeNull();
    replay.reset();
    expect(
      await source.metadata(
        parseLink('https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb'),
      ),
    ).toBeNull();
    expect(callsTo('itunes')).toHaveLength(0);
  });
});

describe('YouTube (oEmbed, channel pages)', () => {
  it('reads videos: "Artist - Title (Official Video)", several artists, a Topic channel\'s bare title', async () => {
    const { source } = make();
    expect(await source.metadata(parseLink('https://music.youtube.com/watch?v=gAjR4_CbPpQ&si=x'))).toEqual(
      meta('track', 'Harder, Better, Faster, Stronger', 'Daft Punk'),
    );
    expect(await source.metadata(parseLink('https://youtu.be/kPa7bsKwL-c'))).toEqual(
      meta('track', 'Die With A Smile', 'Lady Gaga'),
    );
    expect(await source.metadata(parseLink('https://www.youtube.com/watch?v=sLeEvE0BL01'))).toEqual(
      meta('track', 'Blinding Lights', 'The Weeknd'),
    );
    // The item URL sent is rebuilt on www.youtube.com from the id.
    expect(new URLSearchParams(callsTo('youtube')[0]!.search).get('url')).toBe(
      'https://www.youtube.com/watch?v=gAjR4_CbPpQ',
    );
    expect(new URLSearchParams(callsTo('youtube')[0]!.search).get('format')).toBe('json');
  });

  it('reads album and other playlists, and artists from their channel page', async () => {
    const { source } = make();
    expect(
      await source.metadata(
        parseLink('https://music.youtube.com/playlist?list=OLAK5uy_l86DibiDA776PehlCTznw5FHUXPxb9hyw'),
      ),
    ).toEqual(meta('album', 'Still Sleepless', 'D.O.D'));
    expect(
      await source.metadata(parseLink('https://music.youtube.com/playlist?list=OLAK5uy_SleeveIllustrativeDiscovery01')),
    ).toEqual(meta('album', 'Discovery', 'Daft Punk'));
    expect(
      await source.metadata(parseLink('https://www.youtube.com/playlist?list=PLSleeveIllustrativeLounge01')),
    ).toEqual(meta('playlist', 'Lounge Soirée', null));
    expect(await source.metadata(parseLink('https://music.youtube.com/channel/UCSleeveIllustrativeDP01'))).toEqual(
      meta('artist', 'Daft Punk', null),
    );
    expect(callsTo('youtube').map((c) => c.path)).toEqual([
      '/oembed',
      '/oembed',
      '/oembed',
      '/channel/UCSleeveIllustrativeDP01',
    ]);
  });

  it('answers null for private, unknown and oEmbed-less items', async () => {
    const { source } = make();
    expect(await source.metadata(parseLink('https://www.youtube.com/watch?v=sLeEvE0PRIV'))).toBeNull();
    expect(await source.metadata(parseLink('https://www.youtube.com/watch?v=AAAAAAAAAAA'))).toBeNull();
    expect(await source.metadata(parseLink('https://music.youtube.com/channel/UCAAAAAAAAAAAAAAAAAAAAAA'))).toBeNull();
    expect(callsTo('youtube')).toHaveLength(3);
    expect(await source.metadata(parseLink('https://music.youtube.com/browse/MPREb_abc123'))).toBeNull();
    expect(callsTo('youtube')).toHaveLength(3);
  });
});

describe('SoundCloud (oEmbed)', () => {
  it('reads tracks, sets and users', async () => {
    const { source } = make();
    expect(await source.metadata(parseLink('https://soundcloud.com/forss/flickermood'))).toEqual(
      meta('track', 'Flickermood', 'Forss'),
    );
    expect(
      await source.metadata(parseLink('https://m.soundcloud.com/daftpunk/harder-better-faster-stronger?in=x/sets/y')),
    ).toEqual(meta('track', 'Harder, Better, Faster, Stronger', 'Daft Punk'));
    expect(
      await source.metadata(parseLink('https://soundcloud.com/sleeve-label/die-with-a-smile-lady-gaga-bruno-mars')),
    ).toEqual(meta('track', 'Die With A Smile', 'Lady Gaga'));
    expect(
      await source.metadata(parseLink('https://soundcloud.com/d-o-d/sets/still-sleepless?utm_medium=api')),
    ).toEqual(meta('playlist', 'Still Sleepless', 'D.O.D'));
    expect(await source.metadata(parseLink('https://soundcloud.com/ladygaga'))).toEqual(
      meta('artist', 'Lady Gaga', null),
    );
    expect(new URLSearchParams(callsTo('soundcloud')[0]!.search).get('url')).toBe(
      'https://soundcloud.com/forss/flickermood',
    );
  });

  it('answers null for an unknown item', async () => {
    expect(await make().source.metadata(parseLink('https://soundcloud.com/nobody/nothing'))).toBeNull();
  });
});

describe('what the driver never asks', () => {
  it('answers null for Deezer links and unfollowed short links, without a request', async () => {
    const { source, fetched } = make();
    expect(await source.metadata(parseLink('https://www.deezer.com/track/3135556'))).toBeNull();
    expect(await source.metadata(parseLink('https://spotify.link/DwAsLink01'))).toBeNull();
    const forged: ParsedLink = {
      source: 'spotify',
      type: 'track',
      id: '../../evil',
      short: false,
      canonicalUrl: 'https://evil.test/',
    };
    expect(await source.metadata(forged)).toBeNull();
    expect(fetched).toHaveLength(0);
    expect(source.name).toBe(DRIVER_NAME);
  });

  it('requests only its configured bases, each for its own platform', async () => {
    const { source, fetched } = make({ driver: CREDENTIALS });
    await source.metadata(parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe'));
    await source.metadata(parseLink('https://open.spotify.com/artist/4tZwfgrHOc3mvqYlEYSvVi'));
    await source.metadata(parseLink('https://music.apple.com/gb/album/x/1441458047'));
    await source.metadata(parseLink('https://youtu.be/gAjR4_CbPpQ'));
    await source.metadata(parseLink('https://soundcloud.com/forss/flickermood'));
    await source.expand('https://spotify.link/DwAsLink01');
    const bases = Object.values(replay.options.links).map((base) => `${base}/`);
    // Token and API; oEmbed and page; one each for Apple, YouTube, SoundCloud and the short link.
    expect(fetched.length).toBe(8);
    for (const url of fetched) expect(bases.some((base) => url.startsWith(base))).toBe(true);
    expect(new Set(fetched.map((url) => bases.find((base) => url.startsWith(base))))).toEqual(new Set(bases));
  });

  it("by default asks the platforms' own hosts and the short-link hosts themselves, nothing else", async () => {
    const fetched: string[] = [];
    const canned: Fetch = (input) => {
      const url = String(input);
      fetched.push(url);
      if (url.startsWith('https://spotify.link/'))
        return Promise.resolve(
          new Response(null, {
            status: 302,
            headers: { location: 'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe' },
          }),
        );
      if (url.includes('/api/token'))
        return Promise.resolve(Response.json({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }));
      return Promise.resolve(new Response('{}', { status: 404 }));
    };
    const log = { info() {}, error() {} };
    const ctx = createDriverContext({
      storage: createStorage(),
      breaker: storageBreaker(log, 'test', systemClock),
      clock: clockOf(Date.now),
      log,
      fetch: canned as typeof globalThis.fetch,
    });
    const source = links({ ...CREDENTIALS }, ctx);
    await source.metadata(parseLink('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe'));
    await source.metadata(parseLink('https://open.spotify.com/artist/4tZwfgrHOc3mvqYlEYSvVi'));
    await source.metadata(parseLink('https://music.apple.com/gb/song/1441458049'));
    await source.metadata(parseLink('https://youtu.be/gAjR4_CbPpQ'));
    await source.metadata(parseLink('https://soundcloud.com/forss/flickermood'));
    expect(await source.expand('https://spotify.link/AbC123')).toBe(
      'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe',
    );
    const origins = new Set(fetched.map((url) => new URL(url).origin));
    expect(origins).toEqual(new Set([...Object.values(DEFAULT_URLS), 'https://spotify.link']));
    expect(fetched).toContain('https://spotify.link/AbC123');
  });
});

describe('faults', () => {
  const CASES: [UpstreamName, string, Partial<LinksOptions>][] = [
    ['spotify', 'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe', {}],
    ['spotify-api', 'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe', CREDENTIALS],
    ['spotify-accounts', 'https://open.spotify.com/album/10FLjwfpbxLmW8c25Xyc2N', CREDENTIALS],
    ['itunes', 'https://music.apple.com/gb/song/1441458049', {}],
    ['youtube', 'https://youtu.be/gAjR4_CbPpQ', {}],
    ['soundcloud', 'https://soundcloud.com/forss/flickermood', {}],
  ];
  const FAULTS: [Exclude<Fault, null | 'slow'>, string][] = [
    ['http500', 'upstream_error'],
    ['reset', 'upstream_error'],
    ['garbage', 'upstream_error'],
    ['error200', 'upstream_error'],
  ];

  for (const [upstream, url, driver] of CASES) {
    for (const [fault, code] of FAULTS) {
      it(`${upstream}: ${fault} is 502 ${code}`, async () => {
        replay.fault(upstream, fault);
        const error = await rejection(make({ driver }).source.metadata(parseLink(url)));
        expect([error.status, error.code]).toEqual([502, code]);
        expect(error.message).toContain(`[${upstream}]`);
      });
    }
    it(`${upstream}: no answer within its timeout is 504`, async () => {
      replay.fault(upstream, 'slow', { delayMs: 1500 });
      // The platform would answer at 1.5 s: a 504 shows its own 300 ms cut the call, not the
      // 2.5-s default (which would have let the answer through), with no clock read.
      const error = await rejection(
        make({ driver: { ...driver, timeouts: { [upstream]: 300 } } }).source.metadata(parseLink(url)),
      );
      expect([error.status, error.code]).toEqual([504, 'upstream_timeout']);
    });
  }

  it('each upstream has its own timeout: a slow YouTube does not slow Apple', async () => {
    replay.fault('youtube', 'slow', { delayMs: 1500 });
    const { source } = make({ driver: { timeouts: { youtube: 200 } } });
    const [youtube, apple] = await Promise.allSettled([
      source.metadata(parseLink('https://youtu.be/gAjR4_CbPpQ')),
      source.metadata(parseLink('https://music.apple.com/gb/song/1441458049')),
    ]);
    expect(youtube.status).toBe('rejected');
    expect(apple.status === 'fulfilled' && apple.value?.title).toBe('Death On Two Legs (Dedicated To...)');
  });

  it("the platform's rate limit is 503 with Retry-After", async () => {
    const { source } = make({
      fetch: () => Promise.resolve(new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '7' } })),
    });
    const error = await rejection(source.metadata(parseLink('https://soundcloud.com/forss/flickermood')));
    expect([error.status, error.code, error.headers['Retry-After']]).toEqual([503, 'service_unavailable', '7']);
  });

  it("an aborted call rejects with the caller's reason", async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      make().source.metadata(parseLink('https://soundcloud.com/forss/flickermood'), {
        scope: unboundScope(controller.signal),
      }),
    ).rejects.toThrow('gone');
  });
});

describe("short links (D11: at most 3 redirects, only through D11's hosts)", () => {
  it('follows a short link of each platform to the item it stands for, with one request', async () => {
    const { source } = make();
    const spotify = await source.expand('https://spotify.link/DwAsLink01');
    expect(spotify).toBe(
      'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe?si=5d1e2f3a4b5c6d7e&_branch_match_id=1234567890&utm_source=copy-link&utm_medium=copy-link',
    );
    expect(parseLink(spotify!)).toMatchObject({ source: 'spotify', type: 'track', id: '2plbrEY59IikOBgBGLjaoe' });
    expect(parseLink((await source.expand('https://link.deezer.com/s/HbfsLink01'))!)).toMatchObject({
      source: 'deezer',
      type: 'track',
      id: '3135556',
    });
    expect(parseLink((await source.expand(' https://on.soundcloud.com/HbfsSc01 '))!)).toMatchObject({
      source: 'soundcloud',
      type: 'track',
      id: 'daftpunk/harder-better-faster-stronger',
    });
    expect(callsTo('short-links').map((c) => c.path)).toEqual([
      '/spotify.link/DwAsLink01',
      '/link.deezer.com/s/HbfsLink01',
      '/on.soundcloud.com/HbfsSc01',
    ]);
    // The item link itself is never requested.
    expect(callsTo('spotify')).toHaveLength(0);
  });

  it('follows two hops (and a relative Location), and exactly three', async () => {
    const { source } = make();
    expect(parseLink((await source.expand('https://deezer.page.link/TwoHops01'))!)).toMatchObject({
      source: 'deezer',
      id: '3135556',
    });
    expect(callsTo('short-links').map((c) => c.path)).toEqual([
      '/deezer.page.link/TwoHops01',
      '/link.deezer.com/s/HbfsLink01',
    ]);
    replay.reset();
    expect(parseLink((await source.expand('https://link.deezer.com/s/Relative01'))!)).toMatchObject({
      source: 'deezer',
      id: '3135556',
    });
    expect(callsTo('short-links').map((c) => c.path)).toEqual([
      '/link.deezer.com/s/Relative01',
      '/link.deezer.com/s/HbfsLink01',
    ]);
    replay.reset();
    expect(await source.expand('https://dzr.page.link/Hop3a')).toBe('https://www.deezer.com/album/302127');
    expect(callsTo('short-links')).toHaveLength(3);
  });

  it('refuses a redirect to a foreign host, and no request reaches it', async () => {
    const { source, fetched } = make();
    for (const target of [`${foreignUrl}/track/1`, `${foreignUrl.replace('127.0.0.1', 'localhost')}/track/1`]) {
      expect(await source.expand(`https://spotify.link/away?to=${encodeURIComponent(target)}`)).toBeNull();
    }
    expect(foreignHits).toEqual([]);
    expect(fetched.every((url) => url.startsWith(replay.url))).toBe(true);
    expect(callsTo('short-links')).toHaveLength(2);
  });

  it('refuses look-alike hosts, IP literals, credentials, ports, other schemes, at any hop', async () => {
    const { source } = make();
    for (const code of ['Foreign01', 'Lookalike01', 'Loopback01', 'Creds01', 'Port01', 'Scheme01']) {
      expect(await source.expand(`https://spotify.link/${code}`), code).toBeNull();
    }
    expect(await source.expand('https://dzr.page.link/ToForeignSecondHop')).toBeNull();
    expect(callsTo('short-links')).toHaveLength(8);
  });

  it('gives up after 3 redirects: the fourth short link is never requested', async () => {
    const { source } = make();
    expect(await source.expand('https://dzr.page.link/Hop4a')).toBeNull();
    expect(callsTo('short-links').map((c) => c.path)).toEqual([
      '/dzr.page.link/Hop4a',
      '/dzr.page.link/Hop4b',
      '/dzr.page.link/Hop4c',
    ]);
    replay.reset();
    expect(await source.expand('https://spotify.link/Loop01')).toBeNull();
    expect(callsTo('short-links')).toHaveLength(3);
  });

  it('answers null for a malformed or missing Location, a page instead of a redirect, an unknown link', async () => {
    const { source } = make();
    for (const code of ['Malformed01', 'NoLocation01', 'Page01', 'NoSuchLink']) {
      expect(await source.expand(`https://spotify.link/${code}`), code).toBeNull();
    }
  });

  it('requests nothing for what is not a short link of D11', async () => {
    const { source, fetched } = make();
    expect(await source.expand('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe?si=x')).toBe(
      'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe?si=x',
    );
    for (const url of [
      'https://evil.test/spotify.link/x',
      'https://spotify.link.evil.test/x',
      'https://spotify.link:8443/x',
      'https://user@spotify.link/x',
      'ftp://spotify.link/x',
      'not a url',
      '',
    ]) {
      expect(await source.expand(url), url).toBeNull();
    }
    expect(fetched).toEqual([]);
  });

  it('keeps an answer a day, and a short-link host failing is 502, one too slow 504', async () => {
    const { source } = make();
    await source.expand('https://spotify.link/DwAsLink01');
    await source.expand('https://spotify.link/DwAsLink01');
    expect(callsTo('short-links')).toHaveLength(1);
    replay.fault('short-links', 'http500');
    expect((await rejection(source.expand('https://spotify.link/Other01'))).status).toBe(502);
    replay.fault('short-links', 'slow', { delayMs: 1500 });
    expect(
      (
        await rejection(
          make({ driver: { timeouts: { 'short-links': 200 } } }).source.expand('https://spotify.link/Other02'),
        )
      ).code,
    ).toBe('upstream_timeout');
  });
});

describe('probe', () => {
  it('is ok when every keyless platform answers, and names the status of one that does not', async () => {
    expect(await make().source.probe()).toEqual({ ok: true, status: 200 });
    expect(
      callsTo('spotify').length + callsTo('itunes').length + callsTo('youtube').length + callsTo('soundcloud').length,
    ).toBe(4);
    replay.fault('youtube', 'http500');
    expect(await make().source.probe()).toEqual({ ok: false, status: 500 });
    replay.fault('youtube', 'reset');
    expect(await make().source.probe()).toEqual({ ok: false, status: 0 });
  });
});
