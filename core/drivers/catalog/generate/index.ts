/**
 * @module
 * The catalogue generator: artists, their releases and tracks, then the lists built from them
 * (related artists, charts, new releases, playlists). Deterministic: the same track count and
 * seed give the same data, because every draw comes from the seeded generator in a fixed order.
 */
import { ISRC_COUNTRIES, isrc, registrantCode, upc } from '../codes.ts';
import {
  CATALOG_FORMAT,
  CATALOG_VERSION,
  type AlbumRecord,
  type ArtistRecord,
  type CatalogData,
  type TrackRecord,
} from '../format.ts';
import { drawDurationMs, drawFeatures } from './features.ts';
import { ID_BASE } from './ids.ts';
import { keptUncoded } from './isrc.ts';
import { buildLists } from './lists.ts';
import { GENRE_PROFILES, type GenreProfile } from './genre-profiles.ts';
import { DEMO_GENRES } from '../genres.ts';
import { albumTitle, artistName, labelName, trackTitle, voiceOf } from './names.ts';
import { createRandom, type Random } from '../../../utils/random.ts';
import type { Language } from './title-words.ts';

/** The station's DJ names come from the same name lists as the catalogue's artists. */
export { djName } from './names.ts';

export interface GenerateOptions {
  tracks: number;
  seed: string | number;
  /** The catalogue's "today": no release is newer. Fixed so that output never depends on the clock. */
  asOf?: string;
  /** Called now and then with the number of tracks made so far. */
  onProgress?: (tracks: number) => void;
}

const GENERATED_NOTE: string = 'Generated demo data: every artist, release, track, playlist and figure is invented.';
const ARTIST_COUNTRIES = [
  'US',
  'GB',
  'FR',
  'DE',
  'BR',
  'JP',
  'MX',
  'ES',
  'IT',
  'NL',
  'SE',
  'CA',
  'AU',
  'KR',
  'NG',
  'CO',
  'IE',
  'BE',
];
const COUNTRY_WEIGHTS = [30, 14, 9, 8, 6, 5, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1];
const RECORD_KIND_WEIGHTS = [4, 4, 2, 0.6]; // album, single, ep, compilation

interface Label {
  name: string;
  country: string;
  registrant: string;
  counters: Map<number, number>;
  upcs: number;
}

export function generateCatalog(options: GenerateOptions): CatalogData {
  const r = createRandom(options.seed);
  // Names come from a stream of their own: how names are made can change without moving ids, fans or charts.
  const names = r.fork('names');
  const asOf = options.asOf ?? '2026-11-01';
  const lastYear = Number(asOf.slice(0, 4));
  const labels: Label[] = Array.from({ length: Math.max(12, Math.ceil(options.tracks / 150)) }, (_, n) => {
    const country = r.pick(ISRC_COUNTRIES);
    return { name: labelName(names, country), country, registrant: registrantCode(n), counters: new Map(), upcs: 0 };
  });
  const artists: ArtistRecord[] = [],
    albums: AlbumRecord[] = [],
    tracks: TrackRecord[] = [];
  const profileOf = new Map<number, GenreProfile>();
  // Tracks drawn without an ISRC, with what one is made from: most get one once the lists exist.
  const uncoded: Uncoded[] = [];
  const byGenre = new Map<number, number[]>(); // genre id → artist indexes, for featured credits

  while (tracks.length < options.tracks) {
    const profile = GENRE_PROFILES[r.weighted(GENRE_PROFILES.map((g) => g.weight))] as GenreProfile;
    const second = r.chance(0.3) ? r.pick(GENRE_PROFILES) : undefined;
    const fans = Math.round(Math.min(25_000_000, r.pareto(150, 0.7)));
    const country = ARTIST_COUNTRIES[r.weighted(COUNTRY_WEIGHTS)] as string;
    const artist: ArtistRecord = {
      type: 'artist',
      id: ID_BASE.artist + artists.length,
      name: artistName(names, country, profile.name),
      fans,
      country,
      genres: second && second !== profile ? [profile.name, second.name] : [profile.name],
      related: [],
      imageUrl: null,
    };
    const voice = voiceOf(names, country);
    const titles = new Set<string>(); // an artist's own titles, so no two of their songs share one
    const pool = byGenre.get(profile.id) ?? [];
    byGenre.set(profile.id, pool);
    const label = r.pick(labels);
    const start = Math.round(r.normal(2008, 13, 1958, lastYear));
    const releases = 1 + Math.min(40, Math.floor(((r.pareto(1, 2.2) - 1) * Math.log10(artist.fans + 10)) / 2));
    for (let k = 0; k < releases && tracks.length < options.tracks; k++) {
      const album = makeAlbum(
        r,
        names,
        voice,
        artist,
        profile,
        r.chance(0.9) ? label : r.pick(labels),
        start,
        asOf,
        albums.length,
      );
      const size = Math.min(albumSize(r, album.recordType), options.tracks - tracks.length);
      const discs = size >= 18 && (album.recordType === 'compilation' || r.chance(0.4)) ? 2 : 1;
      const featuredIds = new Set<number>();
      for (let n = 0; n < size; n++) {
        const featured =
          pool.length > 0 && r.chance(profile.speechiness > 0.2 ? 0.25 : 0.08) ? [artists[r.pick(pool)]!.id] : [];
        for (const id of featured) featuredIds.add(id);
        tracks.push(
          makeTrack(r, names, {
            voice,
            titles,
            artist,
            album,
            profile,
            label,
            featured,
            tracks: tracks.length,
            position: n,
            size,
            discs,
            lastYear,
            uncoded,
          }),
        );
      }
      album.explicit = tracks.slice(tracks.length - size).some((t) => t.explicit);
      album.contributors.push(...[...featuredIds].map((id) => ({ id, role: 'Featured' })));
      albums.push(album);
      if (tracks.length % 5000 < size) options.onProgress?.(tracks.length);
    }
    pool.push(artists.length);
    profileOf.set(artist.id, profile);
    artists.push(artist);
  }
  options.onProgress?.(tracks.length);
  const genres = DEMO_GENRES.map((g) => ({ type: 'genre' as const, ...g }));
  const lists = buildLists(r.fork('lists'), { artists, albums, tracks, asOf });
  codeProminent(r.fork('isrc'), { artists, albums, tracks, ...lists }, uncoded);
  return {
    header: {
      format: CATALOG_FORMAT,
      version: CATALOG_VERSION,
      generated: true,
      note: GENERATED_NOTE,
      seed: String(options.seed),
      asOf,
    },
    genres,
    artists,
    albums,
    tracks,
    ...lists,
  };
}

function albumSize(r: Random, kind: AlbumRecord['recordType']): number {
  switch (kind) {
    case 'single':
      return r.int(1, 3);
    case 'ep':
      return r.int(4, 7);
    case 'compilation':
      return r.int(14, 32);
    default:
      return r.chance(0.08) ? r.int(18, 28) : r.int(8, 15);
  }
}

function makeAlbum(
  r: Random,
  names: Random,
  voice: Language,
  artist: ArtistRecord,
  profile: GenreProfile,
  label: Label,
  start: number,
  asOf: string,
  n: number,
): AlbumRecord {
  const recordType = (['album', 'single', 'ep', 'compilation'] as const)[r.weighted(RECORD_KIND_WEIGHTS)] ?? 'album';
  const lastYear = Number(asOf.slice(0, 4));
  const year = Math.min(lastYear, start + Math.floor(r.next() * Math.max(1, Math.min(30, lastYear - start + 1))));
  const day = `${year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
  return {
    type: 'album',
    id: ID_BASE.album + n,
    title: recordType === 'single' ? '' : albumTitle(names, voice, artist.name),
    artistId: artist.id,
    recordType,
    releaseDate: r.chance(0.04) ? null : day > asOf ? `${year - 1}${day.slice(4)}` : day,
    label: r.chance(0.03) ? null : label.name,
    upc: r.chance(0.05) ? null : upc(Number(label.registrant.charCodeAt(0)) * 1e8 + ++label.upcs * 7 + n),
    explicit: false,
    genreId: profile.id,
    fans: Math.round(artist.fans * r.next() * 0.3),
    contributors: [{ id: artist.id, role: 'Main' }],
    coverUrl: null,
  };
}

interface TrackContext {
  voice: Language;
  titles: Set<string>;
  artist: ArtistRecord;
  album: AlbumRecord;
  profile: GenreProfile;
  label: Label;
  featured: number[];
  tracks: number;
  position: number;
  size: number;
  discs: number;
  lastYear: number;
  uncoded: Uncoded[];
}

/** A track drawn without an ISRC, and what its ISRC and features are made from if it gets one. */
interface Uncoded {
  track: TrackRecord;
  label: Label;
  year: number;
  profile: GenreProfile;
}

/**
 * Every track drawn without an ISRC gets one (and its features), from a stream of its
 * own so nothing drawn before moves, unless it is one of the few obscure ones kept without.
 */
function codeProminent(r: Random, data: Parameters<typeof keptUncoded>[0], uncoded: readonly Uncoded[]): void {
  const kept = keptUncoded(
    data,
    uncoded.map((u) => u.track),
  );
  for (const { track, label, year, profile } of uncoded) {
    if (kept.has(track.id)) continue;
    track.isrc = nextIsrc(label, year);
    track.features = drawFeatures(r, profile, track.title.endsWith('(Live)'));
  }
}

function makeTrack(r: Random, names: Random, c: TrackContext): TrackRecord {
  let title = trackTitle(names, c.voice);
  for (let tries = 0; tries < 8 && c.titles.has(title); tries++) title = trackTitle(names, c.voice);
  c.titles.add(title);
  if (c.album.title === '') c.album.title = title; // a single is named after its first track
  const year = c.album.releaseDate ? Number(c.album.releaseDate.slice(0, 4)) : r.int(1990, c.lastYear);
  const code = r.chance(0.93) ? nextIsrc(c.label, year) : null;
  const perDisc = Math.ceil(c.size / c.discs);
  const age = Math.max(0, c.lastYear - year);
  const popularity =
    (Math.log10(c.artist.fans + 10) / 7.5) * (0.55 + 0.45 / (1 + age / 6)) * (1 - c.position / (c.size * 3));
  const track: TrackRecord = {
    type: 'track',
    id: ID_BASE.track + c.tracks,
    title,
    isrc: code,
    durationMs: drawDurationMs(r, c.profile),
    explicit: r.chance(c.profile.explicitShare),
    rank: Math.max(1, Math.min(999_999, Math.round(1_000_000 * popularity * r.normal(1, 0.15, 0.5, 1.4)))),
    previewUrl: `https://cdn.sleeve-demo.invalid/preview/${ID_BASE.track + c.tracks}.mp3`,
    albumId: c.album.id,
    trackNumber: (c.position % perDisc) + 1,
    discNumber: Math.floor(c.position / perDisc) + 1,
    artistId: c.artist.id,
    featured: c.featured.filter((id) => id !== c.artist.id),
    features: code ? drawFeatures(r, c.profile, title.endsWith('(Live)')) : null,
  };
  if (code === null) c.uncoded.push({ track, label: c.label, year, profile: c.profile });
  return track;
}

function nextIsrc(label: Label, year: number): string {
  const n = (label.counters.get(year) ?? 0) + 1;
  label.counters.set(year, n);
  return isrc(label.country, label.registrant, year, n);
}
