/**
 * @module
 * The catalogue as a `MusicDriver`: lookups and lists from the store, searches through the
 * indexes. Every call first checks its abort signal, then waits for the catalogue to load.
 */
import type { CallOptions, ProbeResult } from '../contracts/driver.ts';
import type { ListOptions, MusicDriver } from '../contracts/music.ts';
import { compactIsrc } from './codes.ts';
import { toAlbum, toArtist, toPlaylist, toTrack } from './domain.ts';
import { fold } from '../../text/fold.ts';
import { containsWords, holdsWords } from '../../text/terms.ts';
import type { LoadedCatalog } from './loaded.ts';
import type { CatalogStore } from './store.ts';
import type { AlbumRecord } from './format.ts';
import { interleave } from '../../utils/interleave.ts';
import { genreLists } from './editorial.ts';

/** The demo catalogue's driver name in logs and errors: its music and features alike. */
export const DRIVER_NAME = 'catalog';

/** What the demo drivers' health probes check (`/healthz`'s `X-Sleeve-Checked`): no upstream. */
export const DEMO_CATALOGUE = 'demo catalogue';

/** Resolves the catalogue once the caller's abort signal is checked: aborted calls never run. */
export type Catalog = (options?: CallOptions) => Promise<LoadedCatalog>;

const page = <T>(items: readonly T[], o: ListOptions): T[] => items.slice(o.offset ?? 0, (o.offset ?? 0) + o.limit);

export function createCatalogMusic(catalog: Catalog, probe: () => Promise<ProbeResult>): MusicDriver {
  let byUpc: Map<string, AlbumRecord> | undefined;
  const search = async <T>(
    kind: 'artists' | 'albums' | 'playlists',
    query: string,
    o: ListOptions,
    map: (c: LoadedCatalog, id: number) => T | null,
  ): Promise<T[]> => {
    const c = await catalog(o);
    return c.search[kind]
      .search(query, (o.offset ?? 0) + o.limit)
      .slice(o.offset ?? 0)
      .map((id) => map(c, id))
      .filter((x): x is T => x !== null);
  };
  /** A lookup by key: null when the catalogue has no such record. */
  const lookup =
    <K, R, T>(pick: (s: CatalogStore) => Map<K, R>, map: (s: CatalogStore, r: R) => T, key: (k: K) => K = (k) => k) =>
    async (k: K, o?: CallOptions): Promise<T | null> => {
      const { store } = await catalog(o);
      const record = pick(store).get(key(k));
      return record === undefined ? null : map(store, record);
    };
  return {
    name: DRIVER_NAME,
    probes: DEMO_CATALOGUE,
    probe,
    async searchTracks(query, o) {
      const c = await catalog(o);
      const artist = o.artist === undefined ? '' : fold(o.artist);
      const credited = (id: number): boolean => {
        const t = c.store.tracks.get(id);
        return (
          !!t && [t.artistId, ...t.featured].some((a) => holdsWords(c.store.artists.get(a)?.name ?? '', o.artist!))
        );
      };
      // The artist's name joins the query, so the candidates a filter looks through are already theirs.
      const ids = c.search.tracks.search(
        artist === '' ? query : `${query} ${o.artist}`,
        (o.offset ?? 0) + o.limit,
        artist === '' ? undefined : credited,
      );
      return ids.slice(o.offset ?? 0).map((id) => toTrack(c.store, c.store.tracks.get(id)!));
    },
    searchArtists: (query, o) => search('artists', query, o, (c, id) => toArtist(c.store, c.store.artists.get(id)!)),
    searchAlbums: (query, o) => search('albums', query, o, (c, id) => toAlbum(c.store, c.store.albums.get(id)!)),
    searchPlaylists: (query, o) =>
      search('playlists', query, o, (c, id) => toPlaylist(c.store, c.store.playlists.get(id)!)),
    track: lookup((s) => s.tracks, toTrack),
    trackByIsrc: lookup((s) => s.byIsrc, toTrack, compactIsrc),
    album: lookup((s) => s.albums, toAlbum),
    async albumByUpc(upc, o) {
      const { store } = await catalog(o);
      const wanted = upc.replace(/^0+/, '');
      // Built on first use: most deployments never resolve an album link.
      byUpc ??= new Map(
        [...store.albums.values()].flatMap((a) => (a.upc ? [[a.upc.replace(/^0+/, ''), a] as const] : [])),
      );
      const found = byUpc.get(wanted);
      return found ? toAlbum(store, found) : null;
    },
    async albumTracks(id, o) {
      const { store } = await catalog(o);
      const all = store.albumTracks.get(id) ?? [];
      return { items: page(all, o).map((t) => toTrack(store, t)), total: all.length };
    },
    preview: lookup(
      (s) => s.tracks,
      (_s, t) => t.previewUrl,
    ),
    artist: lookup((s) => s.artists, toArtist),
    async artistTopTracks(id, o) {
      const { store } = await catalog(o);
      return page(store.artistTracks.get(id) ?? [], o).map((t) => toTrack(store, t));
    },
    async artistAlbums(id, o) {
      const { store } = await catalog(o);
      const all = store.artistAlbums.get(id) ?? [];
      return { items: page(all, o).map((a) => toAlbum(store, a)), total: all.length };
    },
    async relatedArtists(id, o) {
      const { store } = await catalog(o);
      const related = (store.artists.get(id)?.related ?? [])
        .map((r) => store.artists.get(r))
        .filter((a) => a !== undefined);
      return page(related, o).map((a) => toArtist(store, a));
    },
    async similarTracks(id, o) {
      const { store } = await catalog(o);
      // The related artists' top tracks taken in turns, so no artist crowds the list.
      const lists = (store.artists.get(id)?.related ?? []).map((r) => store.artistTracks.get(r) ?? []);
      return page(interleave(lists), o).map((t) => toTrack(store, t));
    },
    playlist: lookup((s) => s.playlists, toPlaylist),
    async playlistTracks(id, o) {
      const { store } = await catalog(o);
      const tracks = (store.playlists.get(id)?.trackIds ?? [])
        .map((t) => store.tracks.get(t))
        .filter((t) => t !== undefined);
      return { items: page(tracks, o).map((t) => toTrack(store, t)), total: tracks.length };
    },
    async genres(o) {
      const { store } = await catalog(o);
      return [...store.genres.values()].map((g) => ({ ...g }));
    },
    async newReleases(o) {
      const { store } = await catalog(o);
      return page(store.data.newReleases, o)
        .map((id) => store.albums.get(id))
        .filter((a) => a !== undefined)
        .map((a) => toAlbum(store, a));
    },
    async chart(country, o) {
      const { store } = await catalog(o);
      const chart = store.data.charts.find(
        (ch) => ch.country === (country === null ? 'global' : country.toUpperCase()),
      );
      if (!chart) return null;
      const tracks = page(chart.trackIds, o)
        .map((id) => store.tracks.get(id))
        .filter((t) => t !== undefined);
      return { country: chart.country, tracks: tracks.map((t) => toTrack(store, t)) };
    },
    async genreTracks(genre, o) {
      const { store } = await catalog(o);
      const wanted = fold(genre);
      const matching = [...store.genreTracks.keys()].filter((name) => wanted !== '' && containsWords(name, wanted));
      const merged =
        matching.length === 1
          ? store.genreTracks.get(matching[0]!)!
          : [...new Set(matching.flatMap((m) => store.genreTracks.get(m)!))].sort(
              (a, b) => b.rank - a.rank || a.id - b.id,
            );
      return page(merged, o).map((t) => toTrack(store, t));
    },
    // Derived from the records (`editorial.ts`); editorials are the genres.
    generatedPreviews: true,
    async genreChart(genreId, o) {
      const { store } = await catalog(o);
      return page(genreLists(store, genreId)?.tracks ?? [], o).map((t) => toTrack(store, t));
    },
    async editorial(id, o) {
      const { store } = await catalog(o);
      const genre = store.genres.get(id);
      return genre === undefined ? null : { ...genre };
    },
    async editorialSelection(id, o) {
      const { store } = await catalog(o);
      return page(genreLists(store, id)?.selection ?? [], o).map((a) => toAlbum(store, a));
    },
    async editorialCharts(id, o) {
      const { store } = await catalog(o);
      const lists = genreLists(store, id);
      return {
        tracks: page(lists?.tracks ?? [], o).map((t) => toTrack(store, t)),
        albums: page(lists?.albums ?? [], o).map((a) => toAlbum(store, a)),
        artists: page(lists?.artists ?? [], o).map((a) => toArtist(store, a)),
        playlists: page(lists?.playlists ?? [], o).map((p) => toPlaylist(store, p)),
      };
    },
  };
}
