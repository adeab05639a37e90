/**
 * Issue #35: fewer upstream calls per cold answer, by reuse and not by dropping fields. Over
 * the replay, counting the calls it logs: what a cold `/track/info` costs, and that a track,
 * album, an artist's radio and a preview fetched for one endpoint are not fetched again for
 * another, in one instance and across instances on one Redis. Every answer is compared with a
 * fresh Sleeve's cold answer to the same request: the saved calls cost no field.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSleeve, type Sleeve } from '../../../core/index.ts';
import type { ReplayCall } from '../../../replay/server.ts';
import { redisMissing, startRedis, type RedisServer } from '../../helpers/storage/redis.ts';
import { call, q } from '../../helpers/routes/client.ts';
import { called, deezerCalls, disposeSleeves, liveSleeve, upstream } from '../../helpers/live/live.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const HBFS = 'Harder, Better, Faster, Stronger';
const HBFS_ID = 3135556;
const HBFS_ISRC = 'GBDUW0000059';
const DISCOVERY = 302127;
const DAFT_PUNK = 27;
const INFO = `/track/info?${q({ artist: 'Daft Punk', title: HBFS })}`;
const INFO_BY_ISRC = `/track/info?${q({ artist: 'Daft Punk', title: HBFS, isrc: HBFS_ISRC })}`;
const ISRC = `/track/isrc?${q({ isrc: HBFS_ISRC })}`;

const replay = replayOnLoopback({}, disposeSleeves);
beforeEach(() => replay.reset());

/** The 200 body of `path` on `sleeve`. */
async function body(sleeve: Sleeve, path: string): Promise<unknown> {
  const answer = await call(path, { sleeve });
  expect(answer.status, `${path} → ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
  return answer.body;
}

/** What a fresh Sleeve answers `path` cold: the reference every shared answer must equal. */
async function coldAnswer(path: string): Promise<unknown> {
  const answer = await body(liveSleeve(replay), path);
  replay.reset();
  return answer;
}

/** The calls `path` costs on `sleeve` after what it has seen before. */
async function callsOf(sleeve: Sleeve, path: string): Promise<{ answer: unknown; calls: ReplayCall[] }> {
  replay.reset();
  const answer = await body(sleeve, path);
  return { answer, calls: [...replay.calls] };
}

const features = (calls: readonly ReplayCall[]): ReplayCall[] => calls.filter((c) => c.upstream === 'reccobeats');
const paths = (calls: readonly ReplayCall[]): string[] => deezerCalls(calls).map((c) => c.path);

describe('a cold /track/info (issue #35)', () => {
  it("costs at most 4 Deezer calls: the search, the track, its album and its artist's radio; no artist lookup", async () => {
    const { calls } = await callsOf(liveSleeve(replay), INFO);
    expect(paths(calls)).toEqual(
      expect.arrayContaining([
        '/search/track',
        `/track/${HBFS_ID}`,
        `/album/${DISCOVERY}`,
        `/artist/${DAFT_PUNK}/radio`,
      ]),
    );
    expect(paths(calls), called(calls).join('\n')).not.toContain(`/artist/${DAFT_PUNK}`);
    expect(deezerCalls(calls).length, called(calls).join('\n')).toBeLessThanOrEqual(4);
    // The features provider's two: the ISRC's records, then the titles that choose between its two releases.
    expect(features(calls).length).toBeLessThanOrEqual(2);
    expect(calls.length).toBeLessThanOrEqual(6);
  });

  it('the AI routes still look the artist up: they list its record among their facts', async () => {
    // Only the full-track endpoints skip the artist; `trackDetails` with `artistRecord` asks for it.
    const { trackDetails } = await import('../../../core/services/music/track.ts');
    const sleeve = liveSleeve(replay);
    const { drivers } = sleeve.deps;
    const track = (await drivers.music.track(HBFS_ID))!;
    replay.reset();
    const details = await trackDetails(drivers, track, { degraded() {}, artistRecord: true });
    expect(details.artist).toMatchObject({ id: DAFT_PUNK, name: 'Daft Punk' });
    expect(paths(replay.calls)).toContain(`/artist/${DAFT_PUNK}`);
    replay.reset();
    expect((await trackDetails(drivers, track, { degraded() {} })).artist).toBeNull();
    expect(paths(replay.calls)).not.toContain(`/artist/${DAFT_PUNK}`);
  });
});

describe('entities shared across endpoints (issue #35)', () => {
  it('/track/info after /album/info of its album and /artist/info of its artist fetches neither again', async () => {
    const expected = await coldAnswer(INFO);
    const expectedByIsrc = await coldAnswer(INFO_BY_ISRC);
    for (const [path, answer, most] of [
      [INFO, expected, 3],
      [INFO_BY_ISRC, expectedByIsrc, 2],
    ] as const) {
      const sleeve = liveSleeve(replay);
      await body(sleeve, `/album/info?id=${DISCOVERY}`);
      await body(sleeve, `/artist/info?id=${DAFT_PUNK}`);
      const { answer: got, calls } = await callsOf(sleeve, path);
      expect(got).toEqual(answer);
      expect(paths(calls)).not.toContain(`/album/${DISCOVERY}`);
      expect(paths(calls)).not.toContain(`/artist/${DAFT_PUNK}`);
      // By name: the search, the track record, the radio. By ISRC: the track by ISRC, the radio.
      expect(deezerCalls(calls).length, called(calls).join('\n')).toBeLessThanOrEqual(most);
    }
  });

  it('/album/info costs the album alone when its body carries the whole tracklist, and nothing after /track/info of one of its tracks', async () => {
    const album = `/album/info?id=${DISCOVERY}`;
    const expected = await coldAnswer(album);
    const cold = await callsOf(liveSleeve(replay), album);
    expect(cold.answer).toEqual(expected);
    expect(called(cold.calls)).toEqual([`/album/${DISCOVERY}`]);
    const sleeve = liveSleeve(replay);
    await body(sleeve, INFO);
    const after = await callsOf(sleeve, album);
    expect(after.answer).toEqual(expected);
    expect(after.calls).toEqual([]);
  });

  it('an album longer than its body embeds (Deezer stops at 25) still pages its tracklist in', async () => {
    const { answer, calls } = await callsOf(liveSleeve(replay), '/album/info?id=999000040');
    expect((answer as { tracks: unknown[] }).tracks).toHaveLength(40);
    expect(paths(calls)).toEqual(['/album/999000040', '/album/999000040/tracks']);
  });

  it('/track/isrc then /track/info of the same track fetches the track once, and the features once', async () => {
    const expected = await coldAnswer(INFO);
    const sleeve = liveSleeve(replay);
    const first = await callsOf(sleeve, ISRC);
    expect(paths(first.calls)).toContain(`/track/isrc:${HBFS_ISRC}`);
    const { answer, calls } = await callsOf(sleeve, INFO);
    expect(answer).toEqual(expected);
    // Only the search that finds the track by name is new.
    expect(called(calls)).toEqual([expect.stringMatching(/^\/search\/track\?/)]);
    expect(features(calls)).toEqual([]);
  });

  it('/track/preview after /track/info of its track needs no call: the record fetched carries its preview', async () => {
    const sleeve = liveSleeve(replay);
    await body(sleeve, INFO);
    replay.reset();
    const preview = await call(`/track/preview?id=${HBFS_ID}`, { sleeve });
    expect(preview.status).toBe(302);
    expect(replay.calls).toEqual([]);
  });

  it("an artist's radio is fetched once for /track/related and /track/info, whatever length each asks", async () => {
    const related = `/track/related?${q({ isrc: HBFS_ISRC })}`;
    const [expectedRelated, expectedInfo] = [await coldAnswer(related), await coldAnswer(INFO)];
    const sleeve = liveSleeve(replay);
    const first = await callsOf(sleeve, related);
    expect(first.answer).toEqual(expectedRelated);
    expect(paths(first.calls)).toContain(`/artist/${DAFT_PUNK}/radio`);
    const { answer, calls } = await callsOf(sleeve, INFO);
    expect(answer).toEqual(expectedInfo);
    expect(paths(calls)).not.toContain(`/artist/${DAFT_PUNK}/radio`);
    // The record /track/related fetched by ISRC is the record of its id.
    expect(paths(calls)).not.toContain(`/track/${HBFS_ID}`);
  });

  it("an artist's related artists are fetched once for /artist/info (6) and /artist/similar (20)", async () => {
    const similar = `/artist/similar?${q({ id: DAFT_PUNK })}`;
    const info = `/artist/info?${q({ id: DAFT_PUNK })}`;
    const [expectedInfo, expectedSimilar] = [await coldAnswer(info), await coldAnswer(similar)];
    const sleeve = liveSleeve(replay);
    const first = await callsOf(sleeve, info);
    expect(first.answer).toEqual(expectedInfo);
    expect(paths(first.calls)).toContain(`/artist/${DAFT_PUNK}/related`);
    const { answer, calls } = await callsOf(sleeve, similar);
    expect(answer).toEqual(expectedSimilar);
    expect((answer as unknown[]).length).toBe(20);
    expect(calls).toEqual([]);
  });

  it('/artist/discography and /artist/albums by name take the artist the search found: no lookup of it by id', async () => {
    for (const path of [
      `/artist/discography?${q({ artist: 'Daft Punk' })}`,
      `/artist/albums?${q({ artist: 'Daft Punk' })}`,
    ]) {
      const expected = await coldAnswer(path);
      const { answer, calls } = await callsOf(liveSleeve(replay), path);
      expect(answer).toEqual(expected);
      expect(paths(calls)).toEqual(['/search/artist', `/artist/${DAFT_PUNK}/albums`]);
    }
  });

  it('one search of the same words serves every length asked: /search/artist, /artist/info by name, /search/all', async () => {
    const paths = [
      `/search/artist?${q({ query: 'daft punk', limit: 5 })}`,
      `/artist/info?${q({ artist: 'daft punk' })}`,
      `/search/all?${q({ query: 'daft punk', types: 'artists' })}`,
      `/search/artist?${q({ query: 'daft punk', limit: 20 })}`,
    ];
    const expected: unknown[] = [];
    for (const path of paths) expected.push(await coldAnswer(path));
    const sleeve = liveSleeve(replay);
    const searches: string[] = [];
    for (const [i, path] of paths.entries()) {
      const { answer, calls } = await callsOf(sleeve, path);
      expect(answer).toEqual(expected[i]);
      searches.push(...called(calls).filter((c) => c.startsWith('/search/artist')));
    }
    expect(searches, searches.join('\n')).toHaveLength(1);
  });

  it('an album found by UPC is the album of its id', async () => {
    const { upc } = await upstream<{ upc: string }>(replay, `/album/${DISCOVERY}`);
    const { music } = liveSleeve(replay).deps.drivers;
    replay.reset();
    const byUpc = await music.albumByUpc(upc);
    expect(byUpc?.id).toBe(DISCOVERY);
    const calls = replay.calls.length;
    expect(await music.album(DISCOVERY)).toEqual(byUpc);
    expect(replay.calls.length).toBe(calls);
  });
});

describe.skipIf(redisMissing !== undefined)('entities shared across instances on one Redis (issue #35)', () => {
  let redis: RedisServer;
  const opened: Sleeve[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.deps.storage.dispose()));
    await redis?.stop();
  });

  it('a track and album one instance fetched are not fetched again by the other', async () => {
    const expected = await coldAnswer(INFO);
    const instance = () => {
      const sleeve = createSleeve({
        mode: 'live',
        ...replay.options,
        storage: redis.url,
        rateLimits: 'off',
        log: { info() {}, error() {} },
      });
      opened.push(sleeve);
      return sleeve;
    };
    const [a, b] = [instance(), instance()];
    await body(a, ISRC);
    const { answer, calls } = await callsOf(b, INFO);
    expect(answer).toEqual(expected);
    expect(called(calls)).toEqual([expect.stringMatching(/^\/search\/track\?/)]);
    expect(features(calls)).toEqual([]);
  });
});
