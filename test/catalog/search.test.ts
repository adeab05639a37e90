/** Catalogue search: folding, typos, half-typed words, popularity among equal matches, the artist filter. */
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../core/sources/catalog/generate.ts';
import { createCatalogSources } from '../../core/sources/catalog/index.ts';
import { creditsOf } from '../../core/sources/types.ts';
import { catalogText } from '../../core/sources/catalog/write.ts';
import { createVocabulary, editDistance } from '../../core/sources/catalog/vocabulary.ts';

const data = generateCatalog({ tracks: 4000, seed: 'search-test' });
const { music } = createCatalogSources({ catalog: catalogText(data) });
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
    const title = [...new Set(data.tracks.map((t) => t.title))].find((x) => data.tracks.filter((t) => t.title === x).length >= 3)!;
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

  it('answers nothing for a query of punctuation only', async () => {
    expect(await music.searchTracks('?!', { limit: 5 })).toEqual([]);
  });
});
