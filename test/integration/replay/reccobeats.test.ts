/**
 * @module
 * The ReccoBeats replay over real HTTP on loopback: the recorded answer byte-for-byte, derived
 * records in the recorded shape for every ISRC the Deezer replay holds, the ISRC two releases
 * answer, `/v1/track`, 400s for missing or too many ids, its quota and error wording, the call
 * log, and the derive script re-making the fixtures byte for byte.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReplay } from '../../../replay/server.ts';
import { derive, NO_KEY_ISRC, TWO_RELEASE_ISRC } from '../../../replay/reccobeats/derive.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

type Json = Record<string, unknown>;

const fixture = (file: string): string => readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8');
const RECORDED_TEXT = fixture('reccobeats/audio-features__ids-0VjIjW4GlUZAMYd2vXMi3b.json');
const RECORDED = (JSON.parse(RECORDED_TEXT) as { content: Json[] }).content[0]!;
const DERIVED = (JSON.parse(fixture('reccobeats/derived/audio-features.json')) as { content: Json[] }).content;
const DERIVED_TRACKS = (JSON.parse(fixture('reccobeats/derived/track.json')) as { content: Json[] }).content;

/** Every ISRC the Deezer replay's tracks carry (track bodies, album 302127, album 999000040). */
function deezerIsrcs(): string[] {
  const items = [
    ...['track-3135556.json', 'track-2947516331.json', 'track-1425844092.json', 'track-1724605597.json'].map(
      (f) => JSON.parse(fixture(`deezer/${f}`)) as Json,
    ),
    ...[
      'album-302127-tracks.json',
      'derived/album-999000040-tracks.json',
      'derived/album-999000040-tracks__index-25.json',
    ].flatMap((f) => (JSON.parse(fixture(`deezer/${f}`)) as { data: Json[] }).data),
  ];
  return [...new Set(items.map((t) => t['isrc']).filter((i): i is string => typeof i === 'string' && i !== ''))].sort();
}

const replay = replayOnLoopback();
beforeEach(() => replay.reset());
afterEach(() => replay.fault('reccobeats', null));

async function get(path: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${replay.urlOf('reccobeats')}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

async function content(path: string): Promise<Json[]> {
  const { status, text } = await get(path);
  expect(status).toBe(200);
  return (JSON.parse(text) as { content: Json[] }).content;
}

describe('/v1/audio-features', () => {
  it('answers the recorded request byte-for-byte', async () => {
    const { status, type, text } = await get('/v1/audio-features?ids=0VjIjW4GlUZAMYd2vXMi3b');
    expect({ status, type }).toEqual({ status: 200, type: 'application/json; charset=utf-8' });
    expect(text).toBe(RECORDED_TEXT);
  });

  it('answers the recorded record by its ISRC and by its ReccoBeats id too', async () => {
    expect(await content('/v1/audio-features?ids=USUG11904206')).toEqual([RECORDED]);
    expect(await content(`/v1/audio-features?ids=${String(RECORDED['id'])}`)).toEqual([RECORDED]);
  });

  it('has a record for every ISRC the Deezer replay holds, in the recorded shape', async () => {
    const isrcs = deezerIsrcs();
    expect(isrcs).toEqual(
      expect.arrayContaining([
        'GBDUW0000059',
        'USUM72409273',
        'USSM12103949',
        'GBSMU7385741',
        'GBDUW0000053',
        'XXRPL2200040',
      ]),
    );
    expect([...new Set(DERIVED.map((r) => r['isrc']))].sort()).toEqual(isrcs);
    for (let i = 0; i < isrcs.length; i += 40) {
      const batch = isrcs.slice(i, i + 40);
      const records = await content(`/v1/audio-features?ids=${batch.join(',')}`);
      expect([...new Set(records.map((r) => r['isrc']))].sort()).toEqual(batch);
      for (const record of records) expect(Object.keys(record)).toEqual(Object.keys(RECORDED));
    }
  });

  it('leaves unknown ids out of content, and answers an empty content when it knows none', async () => {
    const records = await content('/v1/audio-features?ids=ZZ0000000000,USUG11904206,nonsense');
    expect(records.map((r) => r['isrc'])).toEqual(['USUG11904206']);
    expect(await content('/v1/audio-features?ids=ZZ0000000000')).toEqual([]);
  });

  it('answers two records, two releases with different durations, for one ISRC', async () => {
    const records = await content(`/v1/audio-features?ids=${TWO_RELEASE_ISRC}`);
    expect(records).toHaveLength(2);
    expect(new Set(records.map((r) => r['id'])).size).toBe(2);
    const tracks = await content(`/v1/track?ids=${records.map((r) => String(r['id'])).join(',')}`);
    expect(tracks.map((t) => t['durationMs'])).toEqual([187000, 224000]);
  });

  it('takes ids comma-separated or repeated, each record once, in the order asked', async () => {
    const records = await content('/v1/audio-features?ids=USUM72409273&ids=USUG11904206,usum72409273');
    expect(records.map((r) => r['isrc'])).toEqual(['USUM72409273', 'USUG11904206']);
  });

  it('answers 400 for missing ids and for more than 40', async () => {
    for (const path of ['/v1/audio-features', '/v1/audio-features?ids=', '/v1/track?ids=,']) {
      const { status, text } = await get(path);
      expect(status).toBe(400);
      expect(JSON.parse(text)).toMatchObject({ status: 400, code: 4001 });
    }
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `ZZ${String(i).padStart(10, '0')}`).join(',');
    expect((await get(`/v1/audio-features?ids=${ids(40)}`)).status).toBe(200);
    const tooMany = await get(`/v1/audio-features?ids=${ids(41)}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('41');
    expect(replay.calls.map((c) => c.body)).toEqual(['error800', 'error800', 'error800', 'ok', 'error800']);
  });
});

describe('/v1/track', () => {
  it('answers the recorded track (elided as recorded) by its ReccoBeats id', async () => {
    const { text } = await get(`/v1/track?ids=${String(RECORDED['id'])}`);
    expect(JSON.parse(text)).toEqual(JSON.parse(fixture('reccobeats/track__ids-0VjIjW4GlUZAMYd2vXMi3b__ELIDED.json')));
  });

  it('answers derived tracks by ReccoBeats id or Spotify id, sharing id and href with the feature record', async () => {
    const record = DERIVED.find((r) => r['isrc'] === 'USUM72409273')!;
    const [byId] = await content(`/v1/track?ids=${String(record['id'])}`);
    expect(byId).toMatchObject({
      id: record['id'],
      href: record['href'],
      isrc: 'USUM72409273',
      trackTitle: 'Die With A Smile',
      durationMs: 251667,
    });
    expect(await content('/v1/track?ids=2plbrEY59IikOBgBGLjaoe')).toEqual([byId]);
  });
});

describe('errors and the call log', () => {
  it('answers an unknown path 404', async () => {
    const { status, text } = await get('/v1/artist?ids=1');
    expect(status).toBe(404);
    expect(JSON.parse(text)).toMatchObject({ status: 404 });
  });

  it('answers 429 with code 4291 once its quota is spent', async () => {
    const limited = await startReplay({ quota: { limit: 1, windowMs: 60_000 } });
    try {
      const first = await fetch(`${limited.urlOf('reccobeats')}/v1/audio-features?ids=USUG11904206`);
      expect(first.status).toBe(200);
      const second = await fetch(`${limited.urlOf('reccobeats')}/v1/audio-features?ids=USUG11904206`);
      expect(second.status).toBe(429);
      expect(await second.json()).toMatchObject({ status: 429, code: 4291 });
      expect(limited.calls.map((c) => [c.upstream, c.status, c.body])).toEqual([
        ['reccobeats', 200, 'ok'],
        ['reccobeats', 429, 'quota'],
      ]);
    } finally {
      await limited.close();
    }
  });

  it('answers error200 as an HTTP 200 without content', async () => {
    replay.fault('reccobeats', 'error200');
    const { status, text } = await get('/v1/audio-features?ids=USUG11904206');
    expect(status).toBe(200);
    expect(JSON.parse(text)).not.toHaveProperty('content');
  });

  it('logs calls under the reccobeats prefix, apart from Deezer', async () => {
    await get('/v1/audio-features?ids=USUG11904206');
    await fetch(`${replay.deezerUrl}/track/3135556`);
    expect(replay.calls.map((c) => [c.upstream, c.path, c.search])).toEqual([
      ['reccobeats', '/v1/audio-features', '?ids=USUG11904206'],
      ['deezer', '/track/3135556', ''],
    ]);
  });
});

describe('derived fixtures', () => {
  it('are what replay/reccobeats/derive.ts makes, byte for byte', () => {
    for (const [file, text] of derive().files) expect(fixture(`reccobeats/${file}`), file).toBe(text);
  });

  it('spread energy over 0.2..0.9 and tempo over 80..170, with both modes and a key of -1', () => {
    const energy = DERIVED.map((r) => Number(r['energy']));
    const tempo = DERIVED.map((r) => Number(r['tempo']));
    expect(Math.min(...energy)).toBe(0.2);
    expect(Math.max(...energy)).toBe(0.9);
    expect(Math.min(...tempo)).toBe(80);
    expect(Math.max(...tempo)).toBe(170);
    // Every tenth of the energy range holds some track: something for any playlist filter.
    for (let e = 0.2; e < 0.89; e += 0.1)
      expect(
        energy.some((x) => x >= e && x < e + 0.1),
        `energy ${e.toFixed(1)}`,
      ).toBe(true);
    expect(new Set(DERIVED.map((r) => r['mode']))).toEqual(new Set([0, 1]));
    expect(DERIVED.find((r) => r['key'] === -1)?.['isrc']).toBe(NO_KEY_ISRC);
    for (const record of DERIVED) {
      for (const field of [
        'acousticness',
        'danceability',
        'energy',
        'instrumentalness',
        'liveness',
        'speechiness',
        'valence',
      ]) {
        expect(Number(record[field])).toBeGreaterThanOrEqual(0);
        expect(Number(record[field])).toBeLessThanOrEqual(1);
      }
      expect(Number(record['loudness'])).toBeLessThan(0);
    }
  });

  it('pair every feature record with a track record of the same id, href and ISRC', () => {
    expect(DERIVED_TRACKS.map((t) => [t['id'], t['href'], t['isrc']])).toEqual(
      DERIVED.map((r) => [r['id'], r['href'], r['isrc']]),
    );
  });
});
