/**
 * D21: the demo catalogue's genre lists (`core/drivers/catalog/editorial.ts`), checked against
 * the records they are derived from: nothing generated, every rule visible in the data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { genreLists } from '../../../../core/drivers/catalog/editorial.ts';
import { builtinCatalog } from '../../../../core/drivers/catalog/loaded.ts';
import type { CatalogStore } from '../../../../core/drivers/catalog/store.ts';

let store: CatalogStore;
beforeAll(async () => {
  store = (await builtinCatalog()).store;
});

const ELECTRO = 106;
const sortedDesc = (xs: readonly number[]): boolean => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);

describe('genre lists of the demo catalogue', () => {
  it('none for a genre the catalogue lacks; built once per genre', () => {
    expect(genreLists(store, 999)).toBeNull();
    expect(genreLists(store, ELECTRO)).toBe(genreLists(store, ELECTRO));
  });

  it("a genre's albums are exactly those filed under it, most fans first; its artists those carrying it", () => {
    const lists = genreLists(store, ELECTRO)!;
    expect(lists.albums.map((a) => a.id).sort()).toEqual(
      store.data.albums
        .filter((a) => a.genreId === ELECTRO)
        .map((a) => a.id)
        .sort(),
    );
    expect(sortedDesc(lists.albums.map((a) => a.fans))).toBe(true);
    expect(lists.artists.length).toBe(store.data.artists.filter((a) => a.genres.includes('Electro')).length);
    expect(sortedDesc(lists.artists.map((a) => a.fans))).toBe(true);
  });

  it("editors' playlists of a genre hold mostly that genre's tracks", () => {
    const lists = genreLists(store, ELECTRO)!;
    const inGenre = new Set(lists.tracks.map((t) => t.id));
    expect(lists.playlists.length).toBeGreaterThan(0);
    for (const p of lists.playlists) {
      expect(p.editorial).toBe(true);
      expect(p.trackIds.filter((id) => inGenre.has(id)).length * 2).toBeGreaterThan(p.trackIds.length);
    }
    expect(genreLists(store, 0)!.playlists.length).toBe(store.data.playlists.filter((p) => p.editorial).length);
  });

  it("the selection: one album per artist, the last two years' releases first, most fans first within each part", () => {
    const { selection, albums } = genreLists(store, ELECTRO)!;
    const since = new Date(Date.parse(store.data.header.asOf) - 730 * 86_400_000).toISOString().slice(0, 10);
    const recent = selection.map((a) => a.releaseDate !== null && a.releaseDate >= since);
    const firstOld = recent.indexOf(false);
    expect(firstOld).toBeGreaterThan(0);
    expect(recent.slice(firstOld).every((r) => !r)).toBe(true);
    expect(sortedDesc(selection.slice(0, firstOld).map((a) => a.fans))).toBe(true);
    expect(sortedDesc(selection.slice(firstOld).map((a) => a.fans))).toBe(true);
    expect(new Set(selection.map((a) => a.artistId)).size).toBe(selection.length);
    expect(new Set(selection.map((a) => a.artistId))).toEqual(new Set(albums.map((a) => a.artistId)));
  });
});
