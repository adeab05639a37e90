/**
 * @module
 * The links driver's pure readers: upload titles (`Artist - Title (Official Video)`), Spotify's
 * Open Graph tags and descriptions, meta tags and entities, iTunes Lookup entries.
 */
import { describe, expect, it } from 'vitest';
import { lookupEntry, withoutReleaseKind } from '../../../core/drivers/links/apple.ts';
import { decodeEntities, first, metaTags } from '../../../core/drivers/links/meta-tags.ts';
import { withoutUploader } from '../../../core/drivers/links/soundcloud.ts';
import { apiAlbum, apiTrack, creditFromDescription, pageFacts } from '../../../core/drivers/links/spotify.ts';
import { channelArtist, mainCredit, splitTitle, undecorated } from '../../../core/drivers/links/titles.ts';
import { isrcOf, upcOf } from '../../../core/drivers/links/wire.ts';
import { WireError } from '../../../core/drivers/shared/wire.ts';

describe('upload titles', () => {
  const cases: [string, string | null, string, string | null][] = [
    [
      'Daft Punk - Harder, Better, Faster, Stronger (Official Video)',
      'Daft Punk',
      'Harder, Better, Faster, Stronger',
      'Daft Punk',
    ],
    ['Lady Gaga, Bruno Mars - Die With A Smile (Official Music Video)', 'Lady Gaga', 'Die With A Smile', 'Lady Gaga'],
    [
      'Lady Gaga, Bruno Mars - Die With A Smile (Official Music Video)',
      'LadyGagaVEVO',
      'Die With A Smile',
      'Lady Gaga',
    ],
    ['Tyler, The Creator - EARFQUAKE (Official Video)', 'Tyler, The Creator', 'EARFQUAKE', 'Tyler, The Creator'],
    ['The Weeknd - Blinding Lights [Official Audio]', 'TheWeekndVEVO', 'Blinding Lights', 'The Weeknd'],
    ['Blinding Lights', 'The Weeknd - Topic', 'Blinding Lights', 'The Weeknd'],
    ['Song - Remastered 2011', 'Band - Topic', 'Song - Remastered 2011', 'Band'],
    ['Song - Radio Edit', 'Band', 'Song - Radio Edit', 'Band'],
    ['Artist – Title (Lyrics) | Some Channel', 'Some Channel', 'Title', 'Artist'],
    ['A feat. B - Title (Live at Wembley) (HD)', 'Uploader', 'Title (Live at Wembley)', 'A'],
    ['Title (Clip Officiel)', 'Artiste', 'Title', 'Artiste'],
    ['Just a title', null, 'Just a title', null],
  ];
  for (const [title, uploader, expectedTitle, expectedArtist] of cases) {
    it(`${title} by ${uploader}`, () => {
      expect(splitTitle(title, uploader)).toEqual({ title: expectedTitle, artist: expectedArtist });
    });
  }

  it('keeps what names a version, drops what names the upload', () => {
    expect(undecorated('Get Lucky (feat. Pharrell Williams) (Radio Edit) [Official Audio]')).toBe(
      'Get Lucky (feat. Pharrell Williams) (Radio Edit)',
    );
    expect(undecorated('(Official Video)')).toBe('(Official Video)');
    expect(channelArtist('Daft Punk - Topic')).toBe('Daft Punk');
    expect(mainCredit('A, B & C')).toBe('A');
    expect(mainCredit('Simon & Garfunkel')).toBe('Simon & Garfunkel');
    expect(withoutUploader('Flickermood by Forss', 'Forss')).toBe('Flickermood');
    expect(withoutUploader('Stand by Me', 'Me')).toBe('Stand');
    expect(withoutUploader('Stand by Me', 'Ben E. King')).toBe('Stand by Me');
  });
});

describe('Spotify pages and Web API answers', () => {
  const head = (tags: string) =>
    `<!DOCTYPE html><html><head>${tags}</head><body><meta property="og:title" content="not the head"/></body></html>`;

  it('reads the artist and duration of a track page, one name commas and all when one musician is tagged', () => {
    const tags = metaTags(
      head(
        '<meta property="og:title" content="EARFQUAKE"/><meta name="music:duration" content="190"/>' +
          '<meta name="music:musician" content="https://open.spotify.com/artist/x"/><meta name="music:musician_description" content="Tyler, The Creator"/>',
      ),
    );
    expect(pageFacts(tags, 'track')).toEqual({ title: 'EARFQUAKE', artist: 'Tyler, The Creator', durationMs: 190_000 });
  });

  it('falls back to og:description, old and new spellings', () => {
    expect(creditFromDescription('JPEGMAFIA · PROTECT THE CROSS · Song · 2025')).toBe('JPEGMAFIA');
    expect(creditFromDescription('Listen to Blinding Lights on Spotify. The Weeknd · Song · 2019')).toBe('The Weeknd');
    expect(creditFromDescription('Boards of Canada · album · 2026 · 18 songs')).toBe('Boards of Canada');
    expect(creditFromDescription('Playlist · Spotify · 50 items')).toBeNull();
    expect(creditFromDescription('Artist · 12.3M monthly listeners.')).toBeNull();
    expect(creditFromDescription('no separators')).toBeNull();
    const tags = metaTags(
      head(
        '<meta property="og:title" content="Axes"/><meta property="og:description" content="Okonski, Rachel Kitchlew · Axes · Song · 2026"/>',
      ),
    );
    expect(pageFacts(tags, 'track')).toEqual({ title: 'Axes', artist: 'Okonski', durationMs: null });
    expect(pageFacts(tags, 'playlist').artist).toBeNull();
  });

  it('decodes entities and reads either quote style, first value of a key', () => {
    const tags = metaTags(
      `<meta content='Rock &amp; Roll &#x27;n&#39; &quot;more&quot; &#128512;' property='og:title'><meta name=music:duration content=60><meta property="og:title" content="second">`,
    );
    expect(first(tags, 'og:title')).toBe('Rock & Roll \'n\' "more" 😀');
    expect(tags.get('og:title')).toHaveLength(2);
    expect(first(tags, 'music:duration')).toBe('60');
    expect(decodeEntities('&bogus; &#xD800; &amp;')).toBe('&bogus; &#xD800; &');
  });

  it('maps Web API tracks and albums, and refuses a shape Spotify does not document', () => {
    expect(
      apiTrack({
        name: 'T',
        artists: [{ name: 'A' }, { name: 'B' }],
        duration_ms: 1000,
        external_ids: { isrc: 'us-um7-24-09273' },
      }),
    ).toEqual({ type: 'track', title: 'T', artist: 'A', durationMs: 1000, isrc: 'USUM72409273', upc: null });
    expect(apiAlbum({ name: 'Al', artists: [], external_ids: { upc: '00602475093060' } })).toEqual({
      type: 'album',
      title: 'Al',
      artist: null,
      durationMs: null,
      isrc: null,
      upc: '00602475093060',
    });
    expect(() => apiTrack({ error: { status: 500 } })).toThrow(WireError);
    expect(() => apiAlbum({ name: 'x', artists: 'nope' })).toThrow(WireError);
    expect(isrcOf('nope')).toBeNull();
    expect(upcOf('12ab')).toBeNull();
  });
});

describe('iTunes Lookup entries', () => {
  const body = {
    resultCount: 3,
    results: [
      { wrapperType: 'collection', collectionId: 1, collectionName: 'X - Single', artistName: 'A' },
      { wrapperType: 'track', trackId: 2, collectionId: 1, trackName: 'Y', artistName: 'A', trackTimeMillis: 1234 },
      { wrapperType: 'artist', artistId: 3, artistName: 'A' },
    ],
  };

  it('reads the entry whose own id was asked, of the kind asked', () => {
    expect(lookupEntry(body, { type: 'album', id: '1', country: 'us' })).toMatchObject({ title: 'X', artist: 'A' });
    expect(lookupEntry(body, { type: 'track', id: '2', country: 'us' })).toMatchObject({
      title: 'Y',
      durationMs: 1234,
    });
    expect(lookupEntry(body, { type: 'artist', id: '3', country: 'us' })).toMatchObject({
      type: 'artist',
      title: 'A',
      artist: null,
    });
    expect(lookupEntry(body, { type: 'track', id: '1', country: 'us' })).toBeNull();
    expect(() => lookupEntry({ errorMessage: 'x' }, { type: 'track', id: '1', country: 'us' })).toThrow(WireError);
    expect(withoutReleaseKind('Nightmare·Escape The ERA - EP')).toBe('Nightmare·Escape The ERA');
    expect(withoutReleaseKind('Single - Single')).toBe('Single');
  });
});
