/** Catalogue search: folding, typos, half-typed words, popularity among equal matches, the artist filter. */
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { createCatalogDrivers } from '../../../../core/drivers/catalog/index.ts';
import { creditsOf } from '../../../../core/domain/music.ts';
import { catalogText } from '../../../../core/drivers/catalog/generate/write.ts';
import { createVocabulary, editDistance } from '../../../../core/drivers/catalog/search/vocabulary.ts';
import { createTextIndex } from '../../../../core/drivers/catalog/search/text-index.ts';
import { foldJoined as fold } from '../../../../core/text/fold.ts';
import { searchTerms } from '../../../../core/text/terms.ts';
import { createRandom } from '../../../../core/utils/random.ts';

const data = generateCatalog({ tracks: 4000, seed: 'search-test' });
const { music } = createCatalogDrivers({ catalog: catalogText(data) });
const accented = data.artists.find((a) => /[éöäèüñ]/.test(a.name) && a.name.split(' ').length === 1)!;
const apostrophe = data.tracks.find((t) => t.title.includes("'"))!;

describe('catalogue search', () => {
  it('measures edits with a swap of neighbours as one', () => {
    expect(editDistance('vandelok', 'vandleok', 2)).toBe(1);
    expect(editDistance('harbour', 'harbor', 2)).toBe(1);
    expect(editDistance('river', 'ocean', 2)).toBe(3);
  });

  it('corrects unknown words to the most frequent close one and completes the last word', () => {
    const v = createVocabulary();
    for (const w of ['harbour', 'harbour', 'harbours', 'lantern']) v.add(w);
    expect(v.resolve('harbour', false)).toBe('harbour');
    expect(v.resolve('harbor', false)).toBe('harbour');
    expect(v.resolve('lant', true)).toBe('lantern');
    expect(v.resolve('lant', false)).toBeNull();
    expect(v.resolve('zzz', true)).toBeNull();
  });

  it('ignores accents and case: an accented name is found typed plainly', async () => {
    const plain = accented.name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    expect((await music.searchArtists(plain, { limit: 5 })).map((a) => a.id)).toContain(accented.id);
  });

  it('ignores punctuation: a title with an apostrophe is found without it', async () => {
    const artist = data.artists.find((a) => a.id === apostrophe.artistId)!.name;
    const found = await music.searchTracks(`${apostrophe.title.replace(/'/g, '')} ${artist}`, { limit: 10 });
    expect(found.map((t) => t.id)).toContain(apostrophe.id);
  });

  it('puts the more popular of equally matching tracks first', async () => {
    const title = [...new Set(data.tracks.map((t) => t.title))].find(
      (x) => data.tracks.filter((t) => t.title === x).length >= 3,
    )!;
    const found = await music.searchTracks(title, { limit: 3 });
    const ranks = found.filter((t) => t.title === title).map((t) => t.rank);
    expect(ranks.length).toBeGreaterThan(1);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('narrows to an artist even when the title alone matches many tracks', async () => {
    const target = data.tracks.find((t) => data.tracks.filter((u) => u.title === t.title).length >= 3)!;
    const artist = data.artists.find((a) => a.id === target.artistId)!.name;
    const found = await music.searchTracks(target.title, { limit: 5, artist: artist.toUpperCase() });
    expect(found.map((t) => t.id)).toContain(target.id);
    for (const t of found) expect(creditsOf(t).map((a) => a.id)).toContain(target.artistId);
  });

  it('D33: words as typed answer the records holding them all, in their title first, each part most popular first (against a scan)', () => {
    const names = new Map(data.artists.map((a) => [a.id, a.name]));
    const docs = data.tracks.map((t) => ({
      id: t.id,
      name: t.title,
      extra: [t.artistId, ...t.featured].map((id) => names.get(id)!).join(' '),
      popularity: t.rank,
    }));
    const index = createTextIndex(docs);
    const byPopularity = [...docs].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    const r = createRandom('walk-check');
    for (let n = 0; n < 200; n++) {
      const doc = docs[Math.floor(r.next() * docs.length)]!;
      // Words of three letters or more: one or two letters are a prefix query (tested in search-rules).
      const words = [...new Set(searchTerms(`${doc.name} ${doc.extra}`))].filter((w) => w.length >= 3);
      if (words.length === 0) continue;
      const query =
        words.length > 1 && r.next() < 0.7 ? [words[0]!, words.at(-1)!] : [words[Math.floor(r.next() * words.length)]!];
      const holding = byPopularity.filter((d) => query.every((w) => searchTerms(`${d.name} ${d.extra}`).includes(w)));
      const inTitle = (d: (typeof docs)[number]) => query.every((w) => fold(d.name).split(' ').includes(w));
      const expected = [...holding.filter(inTitle), ...holding.filter((d) => !inTitle(d))]
        .slice(0, 10)
        .map((d) => d.id);
      expect(index.search(query.join(' '), 10).slice(0, expected.length), query.join(' ')).toEqual(expected);
    }
  });

  it('answers nothing for a query of punctuation only', async () => {
    expect(await music.searchTracks('?!', { limit: 5 })).toEqual([]);
  });
});
