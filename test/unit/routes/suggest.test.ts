/**
 * Issue #15, D33: `/search/suggest` in demo mode. Queries come from the catalogue's data (the
 * most followed artist, a popular two-word title), never from names written here.
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { builtinCatalog } from '../../../core/drivers/catalog/loaded.ts';
import { foldJoined as fold } from '../../../core/text/fold.ts';
import { searchTerms } from '../../../core/text/terms.ts';
import { call, fails, ok, q, sleeve, UA } from '../../helpers/routes/client.ts';

const data = (await builtinCatalog()).store.data;
const byFans = [...data.artists].sort((a, b) => b.fans - a.fans || a.id - b.id);
const words = (text: string): string[] => searchTerms(text);
/** Whether the words of a suggestion (and its artist) hold every word typed, the last as a start. */
const holds = (x: { text: string; artist: string | null }, typed: string): boolean => {
  const have = words(`${x.text} ${x.artist ?? ''}`);
  const wanted = words(typed);
  return wanted.slice(0, -1).every((w) => have.includes(w)) && have.some((w) => w.startsWith(wanted.at(-1)!));
};

describe('/search/suggest', () => {
  it('completes a half-typed name: the most followed artist from the first letters of its name', async () => {
    const artist = byFans[0]!;
    const typed = fold(artist.name).slice(0, Math.max(3, fold(artist.name).indexOf(' ') + 3));
    const body = await ok(s.suggestSchema, `/search/suggest?${q({ query: typed })}`);
    expect(body.query).toBe(typed);
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeLessThanOrEqual(10);
    expect(body.suggestions).toContainEqual({ type: 'artist', id: artist.id, text: artist.name, artist: null });
    // Names that start with what is typed lead; nothing after them does.
    const starts = body.suggestions.map((x) => fold(x.text).startsWith(fold(typed)));
    expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)));
  });

  it('completes the last word of a two-word title: every suggestion holds the first word and a word starting as the second', async () => {
    const track = [...data.tracks]
      .sort((a, b) => b.rank - a.rank)
      .find((t) => words(t.title).length === 2 && words(t.title)[1]!.length >= 5)!;
    const [first, second] = words(track.title);
    const typed = `${first} ${second!.slice(0, 3)}`;
    const body = await ok(s.suggestSchema, `/search/suggest?${q({ query: typed, limit: 20 })}`);
    expect(body.suggestions.some((x) => x.type === 'track' && fold(x.text) === fold(track.title))).toBe(true);
    const asTyped = body.suggestions.map((x) => holds(x, typed));
    expect(asTyped[0]).toBe(true);
    // Matches as typed come before anything found otherwise.
    expect(asTyped).toEqual([...asTyped].sort((a, b) => Number(b) - Number(a)));
  });

  it('one letter: names and words starting with it, artists the most followed first', async () => {
    const letter = fold(byFans[0]!.name)[0]!;
    const body = await ok(s.suggestSchema, `/search/suggest?${q({ query: letter.toUpperCase(), limit: 20 })}`);
    expect(body.suggestions.length).toBe(20);
    for (const x of body.suggestions) expect(holds(x, letter), x.text).toBe(true);
    const artists = body.suggestions.filter((x) => x.type === 'artist').map((x) => x.id);
    const fans = new Map(data.artists.map((a) => [a.id, a.fans]));
    expect(artists.map((id) => fans.get(id)!)).toEqual(artists.map((id) => fans.get(id)!).sort((a, b) => b - a));
    expect(artists[0]).toBe(byFans[0]!.id);
  });

  it('lists each kind, text and artist once', async () => {
    const body = await ok(
      s.suggestSchema,
      `/search/suggest?${q({ query: fold(byFans[1]!.name).slice(0, 2), limit: 20 })}`,
    );
    const keys = body.suggestions.map((x) => `${x.type}|${fold(x.text)}|${fold(x.artist ?? '')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers 200 with no suggestions for text nothing holds', async () => {
    expect(await ok(s.suggestSchema, '/search/suggest?query=qqxzvvkj')).toEqual({ query: 'qqxzvvkj', suggestions: [] });
  });

  it('D19: cached an hour, batchable', async () => {
    const answer = await call('/search/suggest?query=lo');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/batch', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ id: 's', path: '/search/suggest?query=lo&limit=3' }] }),
      }),
    );
    const batch = (await res.json()) as { responses: Record<string, { status: number; body: unknown }> };
    expect(batch.responses['s']).toMatchObject({ status: 200, body: { query: 'lo' } });
  });

  it('rejects a missing, empty, blank or over-long query and a limit out of 1-20 (D4)', async () => {
    await fails('/search/suggest', 400, 'bad_request', 'query');
    await fails('/search/suggest?query=', 400, 'bad_request', 'query');
    await fails('/search/suggest?query=%20%20', 400, 'bad_request', 'query');
    await fails(`/search/suggest?query=${'x'.repeat(201)}`, 400, 'bad_request', 'query');
    for (const limit of ['0', '21', 'ten'])
      await fails(`/search/suggest?query=lo&limit=${limit}`, 400, 'bad_request', 'limit');
  });
});
