/**
 * Issue #15, D33: `/search/suggest` in live mode over the replay of recorded Deezer answers.
 * Deezer has no suggest endpoint in the recordings, so Sleeve asks its three searches; the
 * replay, like the recordings, matches whole words only, so a half-typed last word is completed
 * from what the other words find.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { ok, q } from '../../helpers/routes/client.ts';
import { called, disposeSleeves, liveFails, liveSleeve } from '../../helpers/live/live.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const DAFT_PUNK = 27;
const replay = replayOnLoopback({}, disposeSleeves);
beforeEach(() => replay.reset());

const searches = (): string[] => called(replay.calls).filter((c) => c.startsWith('/search/'));

describe('/search/suggest (live)', () => {
  it('whole words: the artist whose name starts with them first, in three Deezer searches', async () => {
    const body = await ok(s.suggestSchema, `/search/suggest?${q({ query: 'Daft Punk', limit: 5 })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(body.suggestions[0]).toEqual({ type: 'artist', id: DAFT_PUNK, text: 'Daft Punk', artist: null });
    expect(body.suggestions.length).toBe(5);
    for (const x of body.suggestions) expect(`${x.text} ${x.artist ?? ''}`).toContain('Daft Punk');
    expect(
      searches()
        .map((c) => c.split('?')[0])
        .sort(),
    ).toEqual(['/search/album', '/search/artist', '/search/track']);
  });

  it('a half-typed last word: completed from what the first word finds, every suggestion holding both', async () => {
    const sleeve = liveSleeve(replay);
    const body = await ok(s.suggestSchema, `/search/suggest?${q({ query: 'daft pu' })}`, { sleeve });
    expect(body.suggestions).toContainEqual({ type: 'artist', id: DAFT_PUNK, text: 'Daft Punk', artist: null });
    for (const x of body.suggestions)
      expect(`${x.text} ${x.artist ?? ''}`.toLowerCase()).toMatch(/\bdaft\b.*\bpu|\bpu.*\bdaft\b/);
    // Three searches as typed (nothing), three for "daft"; the second ask is served from the cache.
    expect(searches()).toHaveLength(6);
    await ok(s.suggestSchema, `/search/suggest?${q({ query: 'daft pu' })}`, { sleeve });
    expect(searches()).toHaveLength(6);
  });

  it('rejects a missing, empty or over-long query without asking Deezer', async () => {
    const sleeve = liveSleeve(replay);
    for (const path of [
      '/search/suggest',
      '/search/suggest?query=',
      `/search/suggest?query=${'y'.repeat(201)}`,
      '/search/suggest?query=daft&limit=0',
    ]) {
      await liveFails(sleeve, path, 400, 'bad_request');
    }
    expect(called(replay.calls)).toEqual([]);
  });
});
