/**
 * @module
 * The catalogue's four search indexes (tracks, artists, albums, public playlists), built from
 * the store. Tracks are found by title and by any credited artist's name, so "velvet mira"
 * finds Mira's "Velvet Harbour".
 */
import type { CatalogStore } from '../store.ts';
import { createTextIndex, type IndexedDoc, type TextIndex } from './text-index.ts';

export interface CatalogSearch {
  tracks: TextIndex;
  artists: TextIndex;
  albums: TextIndex;
  playlists: TextIndex;
}

function* trackDocs(store: CatalogStore): Generator<IndexedDoc> {
  for (const t of store.data.tracks) {
    const names = [t.artistId, ...t.featured].map((id) => store.artists.get(id)?.name ?? '');
    yield { id: t.id, name: t.title, extra: names.join(' '), popularity: t.rank };
  }
}

export function buildSearch(store: CatalogStore): CatalogSearch {
  const { data } = store;
  // D33: a word any index holds is no misspelling in another (read once all four exist).
  let all: TextIndex[] = [];
  const known = (term: string): boolean => all.some((index) => index.has(term));
  const search: CatalogSearch = {
    tracks: createTextIndex(trackDocs(store), { known }),
    artists: createTextIndex(
      data.artists.map((a) => ({ id: a.id, name: a.name, extra: '', popularity: a.fans })),
      { known },
    ),
    albums: createTextIndex(
      data.albums.map((a) => ({
        id: a.id,
        name: a.title,
        extra: store.artists.get(a.artistId)?.name ?? '',
        popularity: a.fans,
      })),
      { known },
    ),
    playlists: createTextIndex(
      data.playlists
        .filter((p) => p.public)
        .map((p) => ({ id: p.id, name: p.title, extra: p.creator.name, popularity: p.fans })),
      { known },
    ),
  };
  all = [search.tracks, search.artists, search.albums, search.playlists];
  return search;
}
