/**
 * `/artist/biography` and `/artist/knowledgebase` in live mode over the replay's
 * record-shaped Wikidata and Wikipedia (D26): the item found by name (a music artist, the most
 * alike) or by the music source's id (its Deezer id deciding between homonyms), the facts read
 * from its statements, the lead of the article Wikidata links, each credited under its
 * licence; 404s when there is no such artist or article; D3's errors when an upstream fails.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { call, ok, q } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveFails, liveSleeve } from '../../helpers/live/live.ts';

let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterEach(() => {
  replay.fault('wikidata', null);
  replay.fault('wikipedia', null);
  replay.reset();
});
afterAll(async () => {
  await disposeSleeves();
  await replay.close();
});

const callsTo = (upstream: string) => replay.calls.filter((c) => c.upstream === upstream);

describe('/artist/knowledgebase in live mode', () => {
  it("reads the item's facts: kind, origin, active years, genres and members with their labels, website, links, CC0 credit", async () => {
    const body = await ok(s.knowledgebaseSchema, `/artist/knowledgebase?${q({ artist: 'Daft Punk' })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body).toEqual({
      artist: { id: null, name: 'Daft Punk' },
      wikidataId: 'Q185828',
      label: 'Daft Punk',
      description: 'French electronic music duo',
      kind: 'group',
      origin: { countries: [{ id: 'Q142', name: 'France' }], places: [{ id: 'Q90', name: 'Paris' }] },
      activeFrom: '1993',
      activeTo: '2021',
      genres: [
        { id: 'Q9778', name: 'electronic music' },
        { id: 'Q900000501', name: 'French house' },
        { id: 'Q900000502', name: 'disco' },
      ],
      members: [
        { id: 'Q900000601', name: 'Thomas Bangalter' },
        { id: 'Q900000602', name: 'Guy-Manuel de Homem-Christo' },
      ],
      // The deprecated statement (http://www.daftpunk.fr) is not read.
      officialWebsite: 'https://www.daftpunk.com',
      links: {
        wikidata: `${replay.urlOf('wikidata')}/wiki/Q185828`,
        wikipedia: 'https://en.wikipedia.org/wiki/Daft_Punk',
      },
      attribution: {
        source: 'Wikidata',
        url: `${replay.urlOf('wikidata')}/wiki/Q185828`,
        license: 'CC0 1.0',
        licenseUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
      },
    });
    // A search, the candidates' entities, then every label in one call.
    expect(callsTo('wikidata').map((c) => new URLSearchParams(c.search).get('action'))).toEqual([
      'wbsearchentities',
      'wbgetentities',
      'wbgetentities',
    ]);
    expect(callsTo('wikipedia')).toEqual([]);
  });

  it("by id, the music source names the artist first, and the answer echoes the music source's id", async () => {
    const body = await ok(s.knowledgebaseSchema, `/artist/knowledgebase?${q({ id: 27 })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body).toMatchObject({ artist: { id: 27, name: 'Daft Punk' }, wikidataId: 'Q185828' });
    expect(callsTo('deezer').map((c) => c.path)).toEqual(['/artist/27']);
  });

  it('a person: citizenship and birthplace as origin, no members, no active years unless stated', async () => {
    // By name the two "Erroll Garner" items tie and Wikidata's order decides: the drummer listed first.
    const knowledge = liveSleeve(replay).deps.drivers.knowledge!;
    expect((await knowledge.artist('Erroll Garner'))?.id).toBe('Q900000103');
    // The pianist carries Deezer artist id 16500 (P2722): given that id, it wins over the earlier homonym.
    const pianist = await knowledge.artist('Erroll Garner', { deezerArtistId: 16500 });
    expect(pianist).toMatchObject({
      id: 'Q900000101',
      kind: 'person',
      countries: [{ id: 'Q30', name: 'United States' }],
      places: [{ id: 'Q900000701', name: 'Pittsburgh' }],
      activeFrom: null,
      activeTo: null,
      members: [],
      genres: [{ id: 'Q900000503', name: 'jazz' }],
    });
  });

  it('no music artist of that name is a 404: a non-artist item (an album), or no hit at all', async () => {
    const sleeve = liveSleeve(replay);
    const { body } = await liveFails(sleeve, `/artist/knowledgebase?${q({ artist: 'Homework' })}`, 404, 'not_found');
    expect(body.error.message).toContain('"Homework"');
    await liveFails(sleeve, `/artist/knowledgebase?${q({ artist: 'Nobody Anywhere' })}`, 404, 'not_found');
  });

  it('an unknown music-source id is a 404 before Wikidata is asked', async () => {
    await liveFails(liveSleeve(replay), `/artist/knowledgebase?${q({ id: 999999999 })}`, 404, 'not_found');
    expect(callsTo('wikidata')).toEqual([]);
  });

  it('an item without an article still has its facts, with no Wikipedia link', async () => {
    const body = await ok(s.knowledgebaseSchema, `/artist/knowledgebase?${q({ artist: 'The Articleless' })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body).toMatchObject({
      wikidataId: 'Q900000401',
      kind: 'group',
      activeFrom: '2001',
      activeTo: null,
      links: { wikipedia: null },
    });
  });

  it('is cached 3 days: the second ask is a HIT with no upstream call', async () => {
    const sleeve = liveSleeve(replay);
    const path = `/artist/knowledgebase?${q({ artist: 'Daft Punk' })}`;
    await call(path, { sleeve });
    const calls = replay.calls.length;
    const again = await call(path, { sleeve });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('cache-control')).toBe('public, max-age=259200');
    expect(replay.calls.length).toBe(calls);
  });

  it.each([
    ['http500', 502, 'upstream_error'],
    ['garbage', 502, 'upstream_error'],
    ['error200', 502, 'upstream_error'],
    ['reset', 502, 'upstream_error'],
  ] as const)('Wikidata failing (%s) is a %i %s', async (fault, status, code) => {
    replay.fault('wikidata', fault);
    await liveFails(liveSleeve(replay), `/artist/knowledgebase?${q({ artist: 'Daft Punk' })}`, status, code);
  });

  it('Wikidata too slow is a 504 within its own timeout', async () => {
    replay.fault('wikidata', 'slow', { delayMs: 1500 });
    const sleeve = liveSleeve(replay, { knowledge: { ...replay.options.knowledge, timeoutMs: 300 } });
    // Wikidata would answer at 1.5 s: a 504 shows its own 300 ms cut the call, not the 2.5-s
    // default (which would have let the answer through), with no clock read.
    await liveFails(sleeve, `/artist/knowledgebase?${q({ artist: 'Daft Punk' })}`, 504, 'upstream_timeout');
  });

  it('asks Wikidata at most 2 calls at once (Wikimedia asks for calls in series)', async () => {
    replay.fault('wikidata', 'slow', { delayMs: 300 });
    const knowledge = liveSleeve(replay).deps.drivers.knowledge!;
    await Promise.all(['daft punk', 'homework', 'the articleless'].map((name) => knowledge.artist(name)));
    const starts = callsTo('wikidata').map((c) => c.at);
    // Three searches: the third starts only once one of the first two has answered.
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts[2]! - starts[0]!).toBeGreaterThanOrEqual(250);
  });

  it('more than 100 Wikidata calls waiting is a 503 service_unavailable at once, never an unbounded queue', async () => {
    replay.fault('wikidata', 'hang');
    const knowledge = liveSleeve(replay, { knowledge: { ...replay.options.knowledge, timeoutMs: 100 } }).deps.drivers
      .knowledge!;
    const outcomes = await Promise.all(
      Array.from({ length: 103 }, (_, n) =>
        knowledge.artist(`nobody ${n}`).then(
          () => 'answered',
          (e: { code?: string }) => e.code,
        ),
      ),
    );
    expect(outcomes.filter((code) => code === 'service_unavailable')).toHaveLength(1);
    expect(
      outcomes
        .filter((code) => code !== 'service_unavailable')
        .every((code) => code === 'upstream_timeout' || code === 'upstream_error'),
    ).toBe(true);
  });

  it.each([
    ['neither artist nor id', {}, 'artist'],
    ['an id that is no id', { id: 'abc' }, 'id'],
    ['a name over 200 characters', { artist: 'x'.repeat(201) }, 'artist'],
  ])('%s is a 400 naming the parameter, and no upstream is asked', async (_name, params, param) => {
    const { body } = await liveFails(liveSleeve(replay), `/artist/knowledgebase?${q(params)}`, 400, 'bad_request');
    expect(body.error.param).toBe(param);
    expect(replay.calls).toEqual([]);
  });
});

describe('/artist/biography in live mode', () => {
  it("answers the lead of the article Wikidata links to the artist's item, credited CC BY-SA with the article's URL", async () => {
    const body = await ok(s.biographySchema, `/artist/biography?${q({ artist: 'daft punk' })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body).toEqual({
      // Named by name: the item's label, not the caller's spelling (which the cache folds).
      artist: { id: null, name: 'Daft Punk' },
      wikidataId: 'Q185828',
      title: 'Daft Punk',
      description: 'French electronic music duo',
      extract: expect.stringMatching(/^Daft Punk were a French electronic music duo formed in Paris in 1993/),
      url: 'https://en.wikipedia.org/wiki/Daft_Punk',
      language: 'en',
      lastModified: '2026-10-01T12:00:00Z',
      attribution: {
        source: 'Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Daft_Punk',
        license: 'CC BY-SA 4.0',
        licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
      },
    });
    expect(callsTo('wikipedia').map((c) => c.path)).toEqual(['/api/rest_v1/page/summary/Daft_Punk']);
  });

  it('an artist without an article is a 404 naming the item; Wikipedia is not searched by name', async () => {
    const { body } = await liveFails(
      liveSleeve(replay),
      `/artist/biography?${q({ artist: 'The Articleless' })}`,
      404,
      'not_found',
    );
    expect(body.error.message).toContain('Q900000401');
    expect(callsTo('wikipedia')).toEqual([]);
  });

  it('by id: the music source, then Wikidata, then the article', async () => {
    const body = await ok(s.biographySchema, `/artist/biography?${q({ id: 27 })}`, { sleeve: liveSleeve(replay) });
    expect(body).toMatchObject({ artist: { id: 27, name: 'Daft Punk' }, title: 'Daft Punk' });
  });

  it.each([
    ['http500', 502, 'upstream_error'],
    ['error200', 502, 'upstream_error'],
    ['reset', 502, 'upstream_error'],
  ] as const)('Wikipedia failing (%s) is a %i %s', async (fault, status, code) => {
    replay.fault('wikipedia', fault);
    await liveFails(liveSleeve(replay), `/artist/biography?${q({ artist: 'Daft Punk' })}`, status, code);
  });

  it("sends Sleeve's own User-Agent with the operator's contact to Wikidata and Wikipedia", async () => {
    const agents = new Map<string, string>();
    const sleeve = liveSleeve(replay, {
      contact: 'https://sleeve.example/contact',
      fetch: (input, init) => {
        agents.set(
          new URL(String(input instanceof Request ? input.url : input)).pathname.split('/')[1]!,
          new Headers(init?.headers).get('user-agent') ?? '',
        );
        return fetch(input, init);
      },
    });
    await ok(s.biographySchema, `/artist/biography?${q({ artist: 'Daft Punk' })}`, { sleeve });
    expect(Object.fromEntries(agents)).toEqual({
      wikidata: expect.stringMatching(/^Sleeve\/\S+ \(https:\/\/sleeve\.example\/contact\)$/),
      wikipedia: expect.stringMatching(/^Sleeve\/\S+ \(https:\/\/sleeve\.example\/contact\)$/),
    });
  });
});
