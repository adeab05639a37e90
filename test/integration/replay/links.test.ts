/**
 * @module
 * The links upstreams of the replay: recorded answers byte-for-byte, record-shaped answers in the
 * platforms' shapes, "not found" where a platform has nothing, short links as bare redirects,
 * faults per upstream, provenance on every record-shaped item, and the items that line up with
 * the Deezer replay really being there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { isLinkHost, LINK_SOURCES, parseLink } from '../../../core/links/parse.ts';
import { metaTags, first } from '../../../core/drivers/links/meta-tags.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const FIXTURES = new URL('../../fixtures/links-upstreams/', import.meta.url);
const recorded = (file: string): string => readFileSync(new URL(`recorded/${file}`, FIXTURES), 'utf8');

const replay = replayOnLoopback();
beforeEach(() => {
  replay.reset();
  for (const upstream of ['spotify', 'itunes'] as const) replay.fault(upstream, null);
});

const get = (path: string, init: RequestInit = {}) => fetch(`${replay.url}${path}`, { redirect: 'manual', ...init });
const oembed = (upstream: string, url: string) => get(`/${upstream}/oembed?url=${encodeURIComponent(url)}&format=json`);

describe('recorded answers, byte-for-byte', () => {
  it("Spotify Web API: tracks, albums, an album's page of tracks, UPC searches", async () => {
    const cases: [string, string][] = [
      ['/v1/tracks?ids=2plbrEY59IikOBgBGLjaoe', 'com.spotify.api_v1_tracks_ids=2plbrEY59IikOBgBGLjaoe.json'],
      ['/v1/tracks/3n3Ppam7vgaVa1iaRUc9Lp', 'com.spotify.api_v1_tracks_3n3Ppam7vgaVa1iaRUc9Lp.json'],
      ['/v1/albums/10FLjwfpbxLmW8c25Xyc2N', 'com.spotify.api_v1_albums_10FLjwfpbxLmW8c25Xyc2N.json'],
      ['/v1/albums/32nryzA6XBCX9ZUspVc1yz', 'com.spotify.api_v1_albums_32nryzA6XBCX9ZUspVc1yz.json'],
      [
        '/v1/albums/32nryzA6XBCX9ZUspVc1yz/tracks?offset=50&limit=50&locale=*',
        'com.spotify.api_v1_albums_32nryzA6XBCX9ZUspVc1yz_tracks_offset=50_limit=50_locale=.json',
      ],
      ['/v1/search?type=album&q=upc:00602475093060', 'com.spotify.api_v1_search_type=album_q=upc_00602475093060.json'],
      ['/v1/search?type=album&q=upc:602475093060', 'com.spotify.api_v1_search_type=album_q=upc_602475093060.json'],
    ];
    for (const [path, file] of cases) {
      const response = await get(`/spotify-api${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(recorded(file));
    }
  });

  it("the single-track endpoint answers the recorded batch's entry", async () => {
    const batch = JSON.parse(recorded('com.spotify.api_v1_tracks_ids=2plbrEY59IikOBgBGLjaoe.json')) as {
      tracks: unknown[];
    };
    expect(await (await get('/spotify-api/v1/tracks/2plbrEY59IikOBgBGLjaoe')).json()).toEqual(batch.tracks[0]);
  });

  it('iTunes Lookup: the recorded album lookups with entity=song, in their storefront; one entry when asked for one', async () => {
    for (const file of readdirSync(new URL('recorded/', FIXTURES)).filter((f) =>
      f.startsWith('com.apple.itunes_lookup_'),
    )) {
      const [, id, country] = /id=(\d+)_country=([a-z]{2})/.exec(file)!;
      const response = await get(`/itunes/lookup?entity=song&limit=200&id=${id}&country=${country}`);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(await response.text()).toBe(recorded(file));
    }
    const song = JSON.parse(await (await get('/itunes/lookup?id=1441458049&entity=song&country=gb')).text()) as {
      resultCount: number;
      results: { trackName: string }[];
    };
    expect(song.resultCount).toBe(1);
    expect(song.results[0]!.trackName).toBe('Death On Two Legs (Dedicated To...)');
    // Another storefront does not have the recorded ids.
    expect(JSON.parse(await (await get('/itunes/lookup?id=1441458049&country=us')).text())).toEqual({
      resultCount: 0,
      results: [],
    });
    expect((await get('/itunes/lookup?id=abc')).status).toBe(400);
  });
});

describe('record-shaped answers', () => {
  it('Spotify oEmbed and pages say what the recording says', async () => {
    const embed = (await (
      await oembed('spotify', 'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe')
    ).json()) as Record<string, unknown>;
    expect(embed).toMatchObject({ title: 'Die With A Smile', type: 'rich', provider_name: 'Spotify', version: '1.0' });
    const page = await (await get('/spotify/track/2plbrEY59IikOBgBGLjaoe')).text();
    const tags = metaTags(page);
    expect(first(tags, 'og:title')).toBe('Die With A Smile');
    expect(first(tags, 'og:description')).toBe('Lady Gaga, Bruno Mars · Die With A Smile · Song · 2024');
    expect(first(tags, 'music:duration')).toBe('252');
    expect(first(tags, 'music:musician_description')).toBe('Lady Gaga, Bruno Mars');
    expect(tags.get('music:musician')).toEqual([
      'https://open.spotify.com/artist/1HY2Jd0NmPuamShAr6KMms',
      'https://open.spotify.com/artist/0du5cEVh5yTK9QJze8zA0C',
    ]);
    expect(first(tags, 'og:type')).toBe('music.song');
    const album = metaTags(await (await get('/spotify/album/2noRn2Aes5aoNVsU6iWThc')).text());
    expect(first(album, 'og:description')).toBe('Daft Punk · Album · 2001 · 14 songs');
    expect(metaTags(await (await get('/spotify/playlist/37i9dQZF1DXcBWIGoYBM5M')).text()).get('og:title')).toEqual([
      "Today's Top Hits",
    ]);
  });

  it('the Web API for items no recording covers, with the ISRC or UPC they are built from', async () => {
    expect(await (await get('/spotify-api/v1/tracks/5W3cjX2J3tjhG8zb6u0qHn')).json()).toMatchObject({
      name: 'Harder, Better, Faster, Stronger',
      external_ids: { isrc: 'GBDUW0000059' },
    });
    expect(await (await get('/spotify-api/v1/albums/2noRn2Aes5aoNVsU6iWThc')).json()).toMatchObject({
      name: 'Discovery',
      external_ids: { upc: '724384960650' },
    });
    const token = (await (
      await get('/spotify-accounts/api/token', { method: 'POST', body: 'grant_type=client_credentials' })
    ).json()) as Record<string, unknown>;
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(token['access_token']).toMatch(/^BQ-replay-token-\d+$/);
    expect((await get('/spotify-accounts/api/token')).status).toBe(405);
  });

  it('YouTube and SoundCloud oEmbed, and a channel page', async () => {
    expect(await (await oembed('youtube', 'https://www.youtube.com/watch?v=gAjR4_CbPpQ')).json()).toMatchObject({
      title: 'Daft Punk - Harder, Better, Faster, Stronger (Official Video)',
      author_name: 'Daft Punk',
      provider_name: 'YouTube',
      type: 'video',
    });
    expect(await (await oembed('youtube', 'https://youtu.be/kPa7bsKwL-c')).json()).toMatchObject({
      author_name: 'Lady Gaga',
    });
    expect(
      await (
        await oembed('youtube', 'https://www.youtube.com/playlist?list=OLAK5uy_l86DibiDA776PehlCTznw5FHUXPxb9hyw')
      ).json(),
    ).toMatchObject({ title: 'Album - Still Sleepless' });
    expect(first(metaTags(await (await get('/youtube/channel/UCSleeveIllustrativeDP01')).text()), 'og:title')).toBe(
      'Daft Punk - Topic',
    );
    expect(await (await oembed('soundcloud', 'https://soundcloud.com/forss/flickermood')).json()).toMatchObject({
      title: 'Flickermood by Forss',
      author_name: 'Forss',
      provider_name: 'SoundCloud',
    });
  });

  it('"nothing there" the way each platform says it', async () => {
    expect((await oembed('spotify', 'https://open.spotify.com/track/0000000000000000000000')).status).toBe(404);
    expect((await get('/spotify/track/0000000000000000000000')).status).toBe(404);
    expect((await get('/spotify-api/v1/tracks/0000000000000000000000')).status).toBe(404);
    expect((await get('/spotify-api/v1/tracks/not-an-id')).status).toBe(400);
    expect((await oembed('youtube', 'https://www.youtube.com/watch?v=sLeEvE0PRIV')).status).toBe(401);
    expect((await oembed('youtube', 'https://www.youtube.com/watch?v=AAAAAAAAAAA')).status).toBe(404);
    expect((await oembed('youtube', 'https://evil.test/watch?v=AAAAAAAAAAA')).status).toBe(400);
    expect((await oembed('soundcloud', 'https://soundcloud.com/nobody/nothing')).status).toBe(404);
    expect(JSON.parse(await (await get('/itunes/lookup?id=1&country=us')).text())).toEqual({
      resultCount: 0,
      results: [],
    });
  });
});

describe('short links', () => {
  it('answer bare redirects with their Location, relative ones too', async () => {
    const response = await get('/short-links/spotify.link/DwAsLink01');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toMatch(/^https:\/\/open\.spotify\.com\/track\/2plbrEY59IikOBgBGLjaoe\?/);
    expect(await response.text()).toBe('');
    expect((await get('/short-links/link.deezer.com/s/Relative01')).headers.get('location')).toBe('/s/HbfsLink01');
    expect((await get('/short-links/spotify.link/NoLocation01')).headers.get('location')).toBeNull();
    expect((await get('/short-links/spotify.link/Page01')).status).toBe(200);
    expect((await get('/short-links/spotify.link/Nope')).status).toBe(404);
    expect((await get('/short-links/spotify.link/away?to=https%3A%2F%2Fevil.test%2Fx')).headers.get('location')).toBe(
      'https://evil.test/x',
    );
    expect(replay.calls.every((c) => c.upstream === 'short-links')).toBe(true);
  });

  it("are all on D11's short-link hosts, and every allowed target parses", async () => {
    const shaped = JSON.parse(readFileSync(new URL('record-shaped.json', FIXTURES), 'utf8')) as {
      shortLinks: { link: string; location: string | null; provenance: string }[];
    };
    const shortHosts = new Set(LINK_SOURCES.flatMap((s) => s.shortHosts));
    for (const { link, location, provenance } of shaped.shortLinks) {
      expect(shortHosts.has(link.split('/')[0]!), link).toBe(true);
      expect(provenance.length).toBeGreaterThan(0);
      const target = location === null ? null : URL.parse(location, `https://${link}`);
      if (target !== null && isLinkHost(target) && !shortHosts.has(target.hostname))
        expect(() => parseLink(target.href), link).not.toThrow();
    }
  });
});

describe('the replay as a whole', () => {
  it('names every links upstream in options and env, and faults each one alone', async () => {
    expect(Object.keys(replay.options.links).sort()).toEqual([
      'itunesUrl',
      'shortLinksUrl',
      'soundcloudUrl',
      'spotifyAccountsUrl',
      'spotifyApiUrl',
      'spotifyUrl',
      'youtubeUrl',
    ]);
    expect(replay.env.SLEEVE_SPOTIFY_URL).toBe(replay.urlOf('spotify'));
    expect(replay.env.SLEEVE_SHORT_LINKS_URL).toBe(replay.urlOf('short-links'));
    replay.fault('itunes', 'http500');
    expect((await get('/itunes/lookup?id=1441458047&country=gb')).status).toBe(500);
    expect((await oembed('spotify', 'https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe')).status).toBe(200);
  });

  it('every record-shaped item says what it was built from', () => {
    const shaped = JSON.parse(readFileSync(new URL('record-shaped.json', FIXTURES), 'utf8')) as Record<string, unknown>;
    for (const [key, list] of Object.entries(shaped)) {
      if (key.startsWith('_')) continue;
      for (const item of list as { provenance?: string }[]) expect(item.provenance, JSON.stringify(item)).toMatch(/\S/);
    }
  });

  it('the items that line up with the Deezer replay are there, by ISRC or by search', async () => {
    const deezer = async (path: string) =>
      (await get(`/deezer${path}`)).json() as Promise<{ id?: number; data?: { id: number }[] }>;
    expect((await deezer('/track/isrc:USUM72409273')).id).toBe(2947516331);
    expect((await deezer('/track/isrc:GBDUW0000059')).id).toBe(3135556);
    expect((await deezer(`/search/track?q=${encodeURIComponent('Blinding Lights')}`)).data?.[0]?.id).toBe(908604612);
    expect((await deezer('/search/album?q=Discovery')).data?.[0]?.id).toBe(302127);
    expect((await deezer(`/search/album?q=${encodeURIComponent('Die With A Smile')}`)).data?.[0]?.id).toBe(629506181);
    expect((await deezer(`/search/artist?q=${encodeURIComponent('Daft Punk')}`)).data?.[0]?.id).toBe(27);
    expect((await deezer(`/search/artist?q=${encodeURIComponent('Lady Gaga')}`)).data?.[0]?.id).toBe(75491);
    expect((await deezer('/search/artist?q=Queen')).data?.[0]?.id).toBe(412);
  });
});
