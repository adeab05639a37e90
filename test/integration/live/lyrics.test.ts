/**
 * `/lyrics` and `/lyrics/search` (alias `/search/lyrics`) in live mode over the replay's
 * record-shaped LRCLIB (D24, D25): LRCLIB's records in Sleeve's shape with their attribution,
 * 404 when LRCLIB has none, D3's errors when it fails, Sleeve's own User-Agent upstream.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { KNOWLEDGE_FIXTURES, type LrclibRecord } from '../../../replay/lrclib/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { call, ok, q } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveFails, liveSleeve } from '../../helpers/live/live.ts';
import { UA } from '../../helpers/user-agent.ts';

let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterEach(() => {
  replay.fault('lrclib', null);
  replay.reset();
});
afterAll(async () => {
  await disposeSleeves();
  await replay.close();
});

const lrclibCalls = () => replay.calls.filter((c) => c.upstream === 'lrclib').map((c) => `${c.path}${c.search}`);

describe('/lyrics in live mode', () => {
  it("answers LRCLIB's record: plain and synced words, its id, duration and the instance credited", async () => {
    const sleeve = liveSleeve(replay);
    const body = await ok(s.lyricsSchema, `/lyrics?${q({ artist: 'judy collins', title: 'Amazing Grace' })}`, {
      sleeve,
    });
    expect(body).toMatchObject({
      id: 900001,
      title: 'Amazing Grace',
      artist: 'Judy Collins',
      album: 'Whales & Nightingales',
      duration: 245,
      instrumental: false,
    });
    expect(body.plainLyrics).toMatch(/^Amazing grace! How sweet the sound\nThat saved a wretch like me!/);
    expect(body.syncedLyrics?.split('\n')[0]).toBe('[00:08.20] Amazing grace! How sweet the sound');
    expect(body.attribution).toEqual({
      source: 'LRCLIB',
      url: replay.urlOf('lrclib'),
      license: null,
      licenseUrl: null,
    });
    expect(lrclibCalls()).toEqual(['/api/get?artist_name=judy+collins&track_name=Amazing+Grace']);
  });

  it('passes album and duration on, and LRCLIB matches the duration within 2 s', async () => {
    const sleeve = liveSleeve(replay);
    await ok(
      s.lyricsSchema,
      `/lyrics?${q({ artist: 'Judy Collins', title: 'Amazing Grace', album: 'Whales & Nightingales', duration: 247 })}`,
      { sleeve },
    );
    expect(lrclibCalls()).toEqual([
      '/api/get?artist_name=Judy+Collins&track_name=Amazing+Grace&album_name=Whales+%26+Nightingales&duration=247',
    ]);
    await liveFails(
      sleeve,
      `/lyrics?${q({ artist: 'Judy Collins', title: 'Amazing Grace', duration: 250 })}`,
      404,
      'not_found',
    );
  });

  it('an instrumental has no words: both texts null, instrumental true', async () => {
    const body = await ok(s.lyricsSchema, `/lyrics?${q({ artist: 'Erroll Garner', title: 'Soliloquy' })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body).toMatchObject({ id: 900003, instrumental: true, plainLyrics: null, syncedLyrics: null });
  });

  it("LRCLIB's 404 is a 404 naming the track, kept five minutes (D9), never invented words", async () => {
    const sleeve = liveSleeve(replay);
    const { body } = await liveFails(sleeve, `/lyrics?${q({ artist: 'Nobody', title: 'Nothing' })}`, 404, 'not_found');
    expect(body.error.message).toContain('"Nothing" by "Nobody"');
    await liveFails(sleeve, `/lyrics?${q({ artist: 'Nobody', title: 'Nothing' })}`, 404, 'not_found');
    expect(lrclibCalls()).toHaveLength(1);
  });

  it('an answer is cached a week (D25): the second ask is a HIT and LRCLIB is asked once', async () => {
    const sleeve = liveSleeve(replay);
    const path = `/lyrics?${q({ artist: 'Judy Collins', title: 'Amazing Grace' })}`;
    expect((await call(path, { sleeve })).headers.get('x-cache')).toBe('MISS');
    const again = await call(path, { sleeve });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(lrclibCalls()).toHaveLength(1);
  });

  it.each([
    ['http500', 502, 'upstream_error'],
    ['garbage', 502, 'upstream_error'],
    ['error200', 502, 'upstream_error'],
    ['reset', 502, 'upstream_error'],
  ] as const)('LRCLIB failing (%s) is a %i %s', async (fault, status, code) => {
    replay.fault('lrclib', fault);
    await liveFails(
      liveSleeve(replay),
      `/lyrics?${q({ artist: 'Judy Collins', title: 'Amazing Grace' })}`,
      status,
      code,
    );
  });

  it('LRCLIB too slow is a 504 within its own timeout', async () => {
    replay.fault('lrclib', 'slow', { delayMs: 1500 });
    const sleeve = liveSleeve(replay, { lrclib: { ...replay.options.lrclib, timeoutMs: 300 } });
    // LRCLIB would answer at 1.5 s: a 504 shows its own 300 ms cut the call, not the 2.5-s
    // default (which would have let the answer through), with no clock read.
    await liveFails(
      sleeve,
      `/lyrics?${q({ artist: 'Judy Collins', title: 'Amazing Grace' })}`,
      504,
      'upstream_timeout',
    );
  });

  it("sends Sleeve's own User-Agent with the operator's contact, never the caller's address", async () => {
    const agents: string[] = [];
    const sleeve = liveSleeve(replay, {
      contact: 'ops@sleeve.example',
      fetch: (input, init) => {
        agents.push(new Headers(init?.headers).get('user-agent') ?? '');
        return fetch(input, init);
      },
    });
    await ok(s.lyricsSchema, `/lyrics?${q({ artist: 'Judy Collins', title: 'Amazing Grace' })}`, { sleeve });
    expect(agents).toEqual([expect.stringMatching(/^Sleeve\/\d+\.\d+\.\d+ \(ops@sleeve\.example\)$/)]);
  });

  it('a name that folds to nothing is 404 not_found, and LRCLIB is not asked (D60)', async () => {
    const sleeve = liveSleeve(replay);
    const { body } = await liveFails(sleeve, `/lyrics?${q({ artist: 'Coldplay', title: '¡' })}`, 404, 'not_found');
    expect(body.error.message).toContain('"¡"');
    await liveFails(sleeve, `/lyrics?${q({ artist: '!!!', title: 'True Love' })}`, 404, 'not_found');
    expect(lrclibCalls()).toEqual([]);
  });

  it.each([
    ['no artist', { title: 'x' }, 'artist'],
    ['no title', { artist: 'x' }, 'title'],
    ['a blank title', { artist: 'x', title: '  ' }, 'title'],
    ['a duration that is no whole number of seconds', { artist: 'x', title: 'y', duration: '3.5' }, 'duration'],
    ['a duration past an hour', { artist: 'x', title: 'y', duration: '3601' }, 'duration'],
    ['a title over 200 characters', { artist: 'x', title: 'y'.repeat(201) }, 'title'],
  ])('%s is a 400 naming the parameter, and LRCLIB is not asked', async (_name, params, param) => {
    const { body } = await liveFails(liveSleeve(replay), `/lyrics?${q(params)}`, 400, 'bad_request');
    expect(body.error.param).toBe(param);
    expect(lrclibCalls()).toEqual([]);
  });
});

describe("/lyrics for the replay's own tracks", () => {
  const { records } = JSON.parse(readFileSync(new URL('lrclib.json', KNOWLEDGE_FIXTURES), 'utf8')) as {
    records: LrclibRecord[];
  };

  it("answers 200 for each track a search shows that the replay's LRCLIB has, asked as the search wrote it", async () => {
    const sleeve = liveSleeve(replay);
    let found = 0;
    for (const record of records) {
      const search = await ok(s.searchAllSchema, `/search/all?${q({ query: record.trackName })}`, { sleeve });
      // The track as someone looking at the results sees it: its name, artist, album and length.
      const track = search.tracks.find(
        (t) => t.name === record.trackName && t.artist === record.artistName && t.album === record.albumName,
      );
      if (track === undefined) continue;
      found++;
      const asked = { artist: track.artist, title: track.name, album: track.album, duration: track.durationMs / 1000 };
      const body = await ok(s.lyricsSchema, `/lyrics?${q(asked)}`, { sleeve });
      expect(body, record.trackName).toMatchObject({ id: record.id, instrumental: record.instrumental });
      // Words written for the fixture say so (test/fixtures/knowledge/PROVENANCE.md); none pass for a song's.
      if (record.id >= 900004 && !record.instrumental)
        expect(body.plainLyrics).toMatch(/^\(Written for Sleeve's replay: not the song's words\.\)\n/);
      // The least a reader types: the artist and the title.
      expect((await call(`/lyrics?${q({ artist: track.artist, title: track.name })}`, { sleeve })).status).toBe(200);
    }
    // A handful: the Deezer recordings' tracks the replay has a record for, an instrumental among them.
    expect(found).toBeGreaterThanOrEqual(5);
  });
});

describe('/lyrics/search in live mode', () => {
  it('searches titles, artists and albums by query: records best first with their words, and the instance credited', async () => {
    const body = await ok(s.lyricsSearchSchema, `/lyrics/search?${q({ query: 'amazing grace' })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body.total).toBe(2);
    expect(body.results.map((r) => r.id)).toEqual([900001, 900002]);
    expect(body.results[1]).toMatchObject({ artist: 'The Choir of the Replay', syncedLyrics: null });
    expect(body.attribution.source).toBe('LRCLIB');
  });

  it('/search/lyrics is the same endpoint (D24): same answer, one cache entry', async () => {
    const sleeve = liveSleeve(replay);
    const first = await call(`/lyrics/search?${q({ query: 'amazing grace' })}`, { sleeve });
    const alias = await call(`/search/lyrics?${q({ query: 'amazing grace' })}`, { sleeve });
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual(first.body);
    expect(alias.headers.get('x-cache')).toBe('HIT');
  });

  it('searches by fields: title narrowed by artist', async () => {
    const body = await ok(s.lyricsSearchSchema, `/search/lyrics?${q({ title: 'amazing grace', artist: 'choir' })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body.results.map((r) => r.id)).toEqual([900002]);
    expect(lrclibCalls()).toEqual(['/api/search?track_name=amazing+grace&artist_name=choir']);
  });

  it('limit keeps the first records; nothing found is an empty list', async () => {
    const sleeve = liveSleeve(replay);
    expect(
      (await ok(s.lyricsSearchSchema, `/lyrics/search?${q({ query: 'grace', limit: 1 })}`, { sleeve })).results.map(
        (r) => r.id,
      ),
    ).toEqual([900001]);
    expect(
      await ok(s.lyricsSearchSchema, `/lyrics/search?${q({ query: 'no such words anywhere' })}`, { sleeve }),
    ).toMatchObject({ total: 0, results: [] });
  });

  it('a query or title that folds to nothing finds nothing, and LRCLIB is not asked (D60)', async () => {
    const sleeve = liveSleeve(replay);
    for (const asked of [{ query: '¡' }, { title: '?!', artist: 'Judy Collins' }])
      expect(await ok(s.lyricsSearchSchema, `/lyrics/search?${q(asked)}`, { sleeve })).toMatchObject({
        total: 0,
        results: [],
      });
    expect(lrclibCalls()).toEqual([]);
  });

  it('neither query nor title is a 400 naming query; a limit out of 1-20 a 400 naming limit', async () => {
    const sleeve = liveSleeve(replay);
    expect(
      (await liveFails(sleeve, `/lyrics/search?${q({ artist: 'Judy Collins' })}`, 400, 'bad_request')).body.error.param,
    ).toBe('query');
    expect(
      (await liveFails(sleeve, `/lyrics/search?${q({ query: 'x', limit: 21 })}`, 400, 'bad_request')).body.error.param,
    ).toBe('limit');
    expect(lrclibCalls()).toEqual([]);
  });

  it('is batchable (D19): lyrics, a search through its alias and a miss in one /batch, each with its own status', async () => {
    const sleeve = liveSleeve(replay);
    const requests = [
      { id: 'one', path: `/lyrics?${q({ artist: 'Judy Collins', title: 'Amazing Grace' })}` },
      { id: 'search', path: `/search/lyrics?${q({ query: 'soliloquy' })}` },
      { id: 'none', path: `/lyrics?${q({ artist: 'Nobody', title: 'Nothing' })}` },
    ];
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/batch', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json' },
        body: JSON.stringify({ requests }),
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { responses: Record<string, { status: number; body: any }> };
    expect(body.responses.one).toMatchObject({ status: 200, body: { id: 900001 } });
    // Erroll Garner's instrumental, and Lou Doillon's, the title of her album too.
    expect(body.responses.search).toMatchObject({
      status: 200,
      body: { total: 2, results: [{ id: 900003 }, { id: 900008 }] },
    });
    expect(body.responses.none).toMatchObject({ status: 404, body: { ok: false, error: { code: 'not_found' } } });
  });

  it('a search answer that is not a list is a 502, never a 500', async () => {
    replay.fault('lrclib', 'error200');
    await liveFails(liveSleeve(replay), `/lyrics/search?${q({ query: 'amazing grace' })}`, 502, 'upstream_error');
  });
});
