/**
 * The replay's LRCLIB, Wikidata and Wikipedia answer as their documentation says (record-shaped,
 * `test/fixtures/knowledge/PROVENANCE.md`): the errors a driver must read included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplay, type Replay } from '../../../replay/server.ts';

let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterAll(() => replay.close());

const get = async (upstream: 'lrclib' | 'wikidata' | 'wikipedia', path: string) => {
  const res = await fetch(`${replay.urlOf(upstream)}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};

describe('the replay of LRCLIB', () => {
  it('answers /api/get and /api/get/{id} with one record, 404 TrackNotFound without one', async () => {
    const one = await get('lrclib', '/api/get?artist_name=Judy+Collins&track_name=Amazing+Grace');
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual([
      'albumName',
      'artistName',
      'duration',
      'id',
      'instrumental',
      'plainLyrics',
      'syncedLyrics',
      'trackName',
    ]);
    expect((await get('lrclib', `/api/get/${one.body.id}`)).body).toEqual(one.body);
    expect(await get('lrclib', '/api/get?artist_name=x&track_name=y')).toEqual({
      status: 404,
      body: { code: 404, name: 'TrackNotFound', message: 'Failed to find specified track' },
    });
  });

  it('refuses a get without artist and track; a search without q or track_name is an empty list, as LRCLIB answers it', async () => {
    expect((await get('lrclib', '/api/get?track_name=y')).status).toBe(400);
    expect(await get('lrclib', '/api/search?artist_name=y')).toEqual({ status: 200, body: [] });
    expect((await get('lrclib', '/api/search?q=grace')).body).toHaveLength(2);
  });

  it('checks what LRCLIB checks: a name present and not empty, a duration of 1-3600; a name folding to nothing is 404', async () => {
    const statusOf = async (query: string) => (await get('lrclib', `/api/get?${query}`)).status;
    // LRCLIB's own answers (its server: a required, non-empty field; duration in 1-3600).
    expect(await statusOf('artist_name=x')).toBe(400);
    expect(await statusOf('artist_name=&track_name=y')).toBe(400);
    expect(await statusOf('artist_name=x&track_name=y&duration=0')).toBe(400);
    expect(await statusOf('artist_name=x&track_name=y&duration=3601')).toBe(400);
    expect(await statusOf('artist_name=x&track_name=y&duration=soon')).toBe(400);
    // Present and not empty, but nothing once folded: looked up, found nowhere.
    expect(await get('lrclib', '/api/get?artist_name=Coldplay&track_name=%C2%A1')).toEqual({
      status: 404,
      body: { code: 404, name: 'TrackNotFound', message: 'Failed to find specified track' },
    });
    expect(await statusOf('artist_name=%20%20&track_name=Amazing+Grace')).toBe(404);
    // An album that folds to nothing narrows nothing; q and track_name folding to nothing find nothing.
    expect(await statusOf('artist_name=Judy+Collins&track_name=Amazing+Grace&album_name=%21')).toBe(200);
    expect(await get('lrclib', '/api/search?q=%C2%A1')).toEqual({ status: 200, body: [] });
  });
});

describe('the replay of Wikidata and Wikipedia', () => {
  it('wbgetentities: items in the JSON data model, unknown ids missing, a malformed id the API error with HTTP 200', async () => {
    const { body } = await get(
      'wikidata',
      '/w/api.php?action=wbgetentities&ids=Q185828|Q1&props=claims|sitelinks/urls&format=json',
    );
    expect(body.entities.Q1).toEqual({ id: 'Q1', missing: '' });
    expect(body.entities.Q185828.claims.P31[0]).toMatchObject({
      rank: 'normal',
      mainsnak: { datavalue: { type: 'wikibase-entityid', value: { id: 'Q9212979' } } },
    });
    expect(body.entities.Q185828.sitelinks.enwiki).toMatchObject({
      title: 'Daft Punk',
      url: 'https://en.wikipedia.org/wiki/Daft_Punk',
    });
    expect(body.entities.Q185828.labels).toBeUndefined();
    expect(await get('wikidata', '/w/api.php?action=wbgetentities&ids=nope&format=json')).toMatchObject({
      status: 200,
      body: { error: { code: 'no-such-entity' } },
    });
  });

  it('wbsearchentities: hits with label and match, none for an unknown name', async () => {
    const { body } = await get(
      'wikidata',
      '/w/api.php?action=wbsearchentities&search=Daft%20Punk&language=en&type=item&format=json',
    );
    expect(body.search[0]).toMatchObject({
      id: 'Q185828',
      label: 'Daft Punk',
      match: { type: 'label', text: 'Daft Punk' },
    });
    expect(
      (await get('wikidata', '/w/api.php?action=wbsearchentities&search=zzz&language=en&format=json')).body.search,
    ).toEqual([]);
  });

  it('the REST summary of a page, 404 in the REST error shape otherwise', async () => {
    const { body } = await get('wikipedia', '/api/rest_v1/page/summary/Daft_Punk');
    expect(body).toMatchObject({
      type: 'standard',
      title: 'Daft Punk',
      wikibase_item: 'Q185828',
      lang: 'en',
      content_urls: { desktop: { page: 'https://en.wikipedia.org/wiki/Daft_Punk' } },
    });
    expect(await get('wikipedia', '/api/rest_v1/page/summary/Nobody')).toMatchObject({
      status: 404,
      body: { type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found' },
    });
  });
});
