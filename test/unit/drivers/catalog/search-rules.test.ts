/**
 * D33 (issue #14) through the HTTP API, on the built-in catalogue and on a generated 100k one:
 * a query of one or two characters answers the records with a word starting with it, most
 * popular first; a correction is tried only when the query as typed finds fewer records than
 * asked, and what it finds scores below every match as typed. Queries are picked from the
 * catalogue's data (never by name), and expected answers are computed from the data by brute
 * force, not by the index under test.
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../../core/schemas/responses/index.ts';
import { foldJoined as fold } from '../../../../core/text/fold.ts';
import { searchTerms } from '../../../../core/text/terms.ts';
import type { CatalogData } from '../../../../core/drivers/catalog/format.ts';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { editDistance } from '../../../../core/drivers/catalog/search/vocabulary.ts';
import { builtinCatalog, indexCatalog, PreparedCatalog } from '../../../../core/drivers/catalog/loaded.ts';
import type { Sleeve } from '../../../../core/index.ts';
import { call, makeSleeve, ok, q } from '../../../helpers/routes/client.ts';

interface Case {
  name: string;
  data: CatalogData;
  sleeve: Sleeve;
}

const builtin = (await builtinCatalog()).store.data;
const big = generateCatalog({ tracks: 100_000, seed: 'search-rules' });
const cases: Case[] = [
  { name: 'built-in catalogue', data: builtin, sleeve: makeSleeve() },
  {
    name: 'generated 100k catalogue',
    data: big,
    sleeve: makeSleeve({ catalog: new PreparedCatalog(indexCatalog(big)) }),
  },
];

/** The words search matches in a text: folded, stop words out (as the index and D33 have them). */
const wordsOf = (text: string): string[] => searchTerms(text);
const startsAWord = (text: string, prefix: string): boolean => wordsOf(text).some((w) => w.startsWith(prefix));
const hasWord = (text: string, word: string): boolean => wordsOf(text).includes(word);
const TYPED_FLOOR = 0.35;

describe.each(cases)('D33 on the $name', ({ data, sleeve }) => {
  const get = <T>(schema: Parameters<typeof ok<T>>[0], path: string) => ok(schema, path, { sleeve });
  const artistName = new Map(data.artists.map((a) => [a.id, a.name]));
  const byFans = [...data.artists].sort((a, b) => b.fans - a.fans || a.id - b.id);
  /** A track's indexed text: its title and every credited artist. */
  const trackText = (t: CatalogData['tracks'][number]): string =>
    [t.title, ...[t.artistId, ...t.featured].map((id) => artistName.get(id) ?? '')].join(' ');

  // The most followed artist with a Latin-letter word in its name gives a one-letter and a two-letter query.
  const top = byFans
    .map((a) => wordsOf(a.name).find((w) => w.length >= 2 && /^[a-z]/.test(w)))
    .find((w) => w !== undefined)!;
  const prefixes = [top.slice(0, 1), top.slice(0, 2)];

  it.each(prefixes)(
    '/search/artist?query=%s answers the most followed artists with a word starting with it',
    async (prefix) => {
      const expected = byFans
        .filter((a) => startsAWord(a.name, prefix))
        .slice(0, 20)
        .map((a) => a.id);
      expect(expected.length).toBeGreaterThan(0);
      const body = await get(
        s.listOf(s.artistEntrySchema),
        `/search/artist?${q({ query: prefix.toUpperCase(), limit: 20 })}`,
      );
      expect(body.map((a) => a.id)).toEqual(expected);
    },
  );

  it.each(prefixes)(
    '/search/all?query=%s: every section holds prefix matches, the most popular first',
    async (prefix) => {
      const body = await get(s.searchAllSchema, `/search/all?${q({ query: prefix, limit: 10 })}`);
      const tracks = [...data.tracks]
        .sort((a, b) => b.rank - a.rank || a.id - b.id)
        .filter((t) => startsAWord(trackText(t), prefix));
      expect(new Set(body.tracks.map((t) => t.id))).toEqual(new Set(tracks.slice(0, 10).map((t) => t.id)));
      const ranks = body.tracks.filter((t) => fold(t.name) !== prefix).map((t) => t.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
      expect(body.artists.map((a) => a.id)).toEqual(
        byFans
          .filter((a) => startsAWord(a.name, prefix))
          .slice(0, 10)
          .map((a) => a.id),
      );
      for (const a of body.albums)
        expect(startsAWord(`${a.title} ${artistName.get(a.artistId)}`, prefix), a.title).toBe(true);
      for (const x of [...body.tracks, ...body.artists, ...body.albums])
        expect(x.score).toBeGreaterThanOrEqual(TYPED_FLOOR);
      for (const path of ['/search/albums', '/search/playlists'])
        expect((await call(`${path}?${q({ query: prefix })}`, { sleeve })).status).toBe(200);
    },
  );

  it('a word many titles hold is not corrected: the page holds it as typed; misspelt, it is corrected', async () => {
    const counts = new Map<string, number>();
    for (const t of data.tracks)
      for (const w of new Set(wordsOf(t.title)))
        if (w.length >= 5 && /^[a-z]+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    const [word] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const body = await get(s.searchAllSchema, `/search/all?${q({ query: word, types: 'tracks', limit: 25 })}`);
    expect(body.tracks).toHaveLength(25);
    for (const t of body.tracks) expect(hasWord(`${t.name} ${t.artist}`, word), t.name).toBe(true);
    // Two inner letters swapped: no title holds that, so the answer comes through the correction, below the band.
    const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
    expect(data.tracks.some((t) => startsAWord(trackText(t), typo))).toBe(false);
    const fixed = await get(s.searchAllSchema, `/search/all?${q({ query: typo, types: 'tracks', limit: 5 })}`);
    expect(fixed.tracks.length).toBeGreaterThan(0);
    for (const t of fixed.tracks) expect(t.score).toBeLessThan(TYPED_FLOOR);
  });

  it('a title word no artist has ("love" beside "Tove"): tracks as typed, and no artist "corrected" to it', async () => {
    const artistWords = [...new Set(data.artists.flatMap((a) => wordsOf(a.name)))];
    const counts = new Map<string, number>();
    for (const t of data.tracks)
      for (const w of new Set(wordsOf(t.title)))
        if (w.length >= 4 && /^[a-z]+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    // A word one edit from an artist's word, which no artist's word starts with: a correction would have reached that artist.
    const word = [...counts]
      .filter(
        ([w, n]) =>
          n >= 5 && !artistWords.some((a) => a.startsWith(w)) && artistWords.some((a) => editDistance(w, a, 1) <= 1),
      )
      .sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(word, 'a title word one edit from an artist word').toBeDefined();
    const body = await get(s.searchAllSchema, `/search/all?${q({ query: word!, types: 'tracks,artists', limit: 5 })}`);
    expect(body.tracks).toHaveLength(5);
    for (const t of body.tracks) expect(t.score).toBeGreaterThanOrEqual(TYPED_FLOOR);
    expect(body.artists).toEqual([]);
    expect(body.topResult?.type).toBe('track');
    expect(await get(s.listOf(s.artistEntrySchema), `/search/artist?${q({ query: word! })}`)).toEqual([]);
  });

  it('enough as typed: a half-typed word a correction could also reach answers its completions only', async () => {
    // Four letters starting the words of at least five artists, no word themselves, one edit from another word.
    const words = [...new Set(data.artists.flatMap((a) => wordsOf(a.name)))].filter((w) => /^[a-z]+$/.test(w));
    const known = new Set(words);
    const starting = new Map<string, number[]>();
    for (const a of byFans) {
      for (const p of new Set(
        wordsOf(a.name)
          .filter((w) => w.length > 4)
          .map((w) => w.slice(0, 4)),
      )) {
        if (!known.has(p)) starting.set(p, [...(starting.get(p) ?? []), a.id]);
      }
    }
    for (const [prefix, typed] of starting) {
      if (typed.length < 5 || !words.some((w) => !w.startsWith(prefix) && editDistance(prefix, w, 1) <= 1)) continue;
      const list = await get(s.listOf(s.artistEntrySchema), `/search/artist?${q({ query: prefix, limit: 5 })}`);
      expect(list.map((a) => a.id)).toEqual(typed.slice(0, 5));
      return;
    }
    throw new Error('no half-typed word found that a correction could also reach');
  });

  it('too little as typed: the prefix matches come first, then corrections, scored below them', async () => {
    // Five letters of an artist's word that are no word themselves and start the words of a few artists only.
    const seen = new Set<string>();
    for (const a of byFans) {
      for (const w of wordsOf(a.name)) {
        const prefix = w.slice(0, 5);
        if (w.length < 7 || !/^[a-z]+$/.test(prefix) || seen.has(prefix)) continue;
        seen.add(prefix);
        const typed = byFans.filter((x) => startsAWord(x.name, prefix));
        if (typed.length > 5 || typed.some((x) => hasWord(x.name, prefix))) continue;
        const list = await get(s.listOf(s.artistEntrySchema), `/search/artist?${q({ query: prefix, limit: 20 })}`);
        if (list.length <= typed.length) continue;
        expect(list.slice(0, typed.length).map((x) => x.id)).toEqual(typed.map((x) => x.id));
        for (const x of list.slice(typed.length)) expect(startsAWord(x.name, prefix), x.name).toBe(false);
        const body = await get(s.searchAllSchema, `/search/all?${q({ query: prefix, types: 'artists', limit: 25 })}`);
        const asTyped = body.artists.filter((x) => startsAWord(x.name, prefix));
        const corrected = body.artists.filter((x) => !startsAWord(x.name, prefix));
        expect(asTyped.map((x) => x.id).sort()).toEqual(typed.map((x) => x.id).sort());
        expect(corrected.length).toBeGreaterThan(0);
        expect(Math.max(...corrected.map((x) => x.score))).toBeLessThan(Math.min(...asTyped.map((x) => x.score)));
        return;
      }
    }
    throw new Error('no prefix found that needs a correction after a few matches as typed');
  });
});
