/**
 * @module
 * Demo-mode sources. For now only what `/healthz` and `/editorial/genres` need; the generated
 * catalogue and the simulated station replace the rest (see the catalogue issue).
 */
import { SleeveError } from '../../errors.ts';
import type { FeaturesSource, MusicSource, RadioSource, Sources } from '../types.ts';
import { DEMO_GENRES } from './genres.ts';

const notYet = (what: string) => async (): Promise<never> => {
  throw new SleeveError('internal_error', `[sleeve] [catalog] ${what} is not in the demo catalogue yet`);
};

export function createCatalogSources(): Sources {
  const ok = async () => ({ ok: true, status: 200 });
  const music: MusicSource = {
    name: 'catalog',
    probe: ok,
    genres: async () => DEMO_GENRES.map((g) => ({ ...g })),
    searchTracks: notYet('searchTracks'),
    searchArtists: notYet('searchArtists'),
    searchAlbums: notYet('searchAlbums'),
    searchPlaylists: notYet('searchPlaylists'),
    track: notYet('track'),
    trackByIsrc: notYet('trackByIsrc'),
    album: notYet('album'),
    albumTracks: notYet('albumTracks'),
    artist: notYet('artist'),
    artistTopTracks: notYet('artistTopTracks'),
    artistAlbums: notYet('artistAlbums'),
    relatedArtists: notYet('relatedArtists'),
    playlist: notYet('playlist'),
    playlistTracks: notYet('playlistTracks'),
    newReleases: notYet('newReleases'),
    chart: notYet('chart'),
    genreTracks: notYet('genreTracks'),
  };
  const features: FeaturesSource = { name: 'catalog', probe: ok, features: notYet('features') };
  const radio: RadioSource = { name: 'station', defaultStation: 'sleeve', probe: ok, nowPlaying: notYet('nowPlaying') };
  return { music, features, radio };
}
