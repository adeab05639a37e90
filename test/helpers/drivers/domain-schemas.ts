/**
 * @module
 * Valibot schemas of the domain types in `core/domain/`, strict (no unknown keys), so
 * the contract suite can say "schema-valid" of any driver's answer, and name the bad field.
 */
import * as v from 'valibot';
import { expect } from 'vitest';
import type { AudioFeatures } from '../../../core/domain/features.ts';
import type {
  Album,
  AlbumHit,
  Artist,
  Genre,
  Playlist,
  PlaylistHit,
  Track,
  TrackHit,
} from '../../../core/domain/music.ts';
import type { NowPlaying, Song, Station } from '../../../core/domain/radio.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(0));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const text = v.string();
const date = v.nullable(v.pipe(v.string(), v.isoDate()));
const unit = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const artistRef = v.strictObject({ id, name: text });
const contributor = v.strictObject({ id, name: text, role: v.pipe(v.string(), v.minLength(1)) });

const trackHitEntries = {
  id,
  title: v.pipe(text, v.minLength(1)),
  isrc: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/))),
  durationMs: count,
  explicit: v.boolean(),
  rank: count,
  previewUrl: v.nullable(v.pipe(v.string(), v.url())),
  trackNumber: v.nullable(count),
  discNumber: v.nullable(count),
  artist: artistRef,
  album: v.strictObject({ id, title: text }),
};
export const TrackSchema: v.GenericSchema<unknown, Track> = v.strictObject({
  ...trackHitEntries,
  artists: v.pipe(v.array(contributor), v.minLength(1)),
  releaseDate: date,
});
/** A listing may hand out whole records (the demo catalogue does); either passes, nothing else. */
export const TrackHitSchema: v.GenericSchema<unknown, TrackHit> = v.union([
  TrackSchema,
  v.strictObject(trackHitEntries),
]);

const albumHitEntries = {
  id,
  title: text,
  artist: artistRef,
  recordType: v.picklist(['album', 'single', 'ep', 'compilation']),
  releaseDate: date,
  trackCount: v.nullable(count),
  explicit: v.boolean(),
  genreId: v.nullable(id),
  fans: v.nullable(count),
  coverUrl: v.nullable(v.pipe(v.string(), v.url())),
};
export const AlbumSchema: v.GenericSchema<unknown, Album> = v.pipe(
  v.strictObject({
    ...albumHitEntries,
    trackCount: count,
    fans: count,
    duration: count,
    label: v.nullable(text),
    upc: v.nullable(v.pipe(v.string(), v.regex(/^\d{12,14}$/))),
    genres: v.array(text),
    contributors: v.array(contributor),
    tracks: v.optional(v.array(v.strictObject(trackHitEntries))),
  }),
  // The tracklist an album carries is its whole one, and its tracks are on it.
  v.check(
    (a) =>
      a.tracks === undefined ||
      (a.tracks.length === a.trackCount && a.tracks.every((t) => t.album.id === a.id && t.album.title === a.title)),
    'tracks is the whole tracklist of this album',
  ),
);
export const AlbumHitSchema: v.GenericSchema<unknown, AlbumHit> = v.union([
  AlbumSchema,
  v.strictObject(albumHitEntries),
]);

export const ArtistSchema: v.GenericSchema<unknown, Artist> = v.strictObject({
  id,
  name: v.pipe(text, v.minLength(1)),
  fans: count,
  albumCount: count,
  genres: v.array(text),
  imageUrl: v.nullable(v.pipe(v.string(), v.url())),
});

const playlistHitEntries = {
  id,
  title: text,
  trackCount: count,
  creator: v.strictObject({ id, name: text }),
  public: v.boolean(),
  fans: v.nullable(count),
  coverUrl: v.nullable(v.pipe(v.string(), v.url())),
};
export const PlaylistSchema: v.GenericSchema<unknown, Playlist> = v.strictObject({
  ...playlistHitEntries,
  description: text,
  duration: count,
  fans: count,
});
export const PlaylistHitSchema: v.GenericSchema<unknown, PlaylistHit> = v.union([
  PlaylistSchema,
  v.strictObject(playlistHitEntries),
]);

export const GenreSchema: v.GenericSchema<unknown, Genre> = v.strictObject({
  id,
  name: v.pipe(text, v.minLength(1)),
  imageUrl: v.nullable(v.string()),
});

export const AudioFeaturesSchema: v.GenericSchema<unknown, AudioFeatures> = v.strictObject({
  isrc: v.pipe(v.string(), v.regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/)),
  keyIndex: v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(11)),
  mode: v.picklist(['Major', 'Minor']),
  timeSignature: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  tempo: v.pipe(v.number(), v.minValue(0)),
  loudness: v.pipe(v.number(), v.maxValue(5)),
  energy: unit,
  danceability: unit,
  valence: unit,
  acousticness: unit,
  instrumentalness: unit,
  liveness: unit,
  speechiness: unit,
});

const listeners = v.strictObject({ total: count, unique: count, current: count });
const SongSchema: v.GenericSchema<unknown, Song> = v.strictObject({
  id: text,
  art: text,
  custom_fields: v.array(v.unknown()),
  text,
  artist: text,
  title: text,
  album: text,
  genre: text,
  isrc: text,
  lyrics: text,
});
const MountSchema = v.strictObject({
  id,
  name: text,
  url: v.pipe(v.string(), v.url()),
  bitrate: count,
  format: text,
  listeners,
  path: text,
  is_default: v.boolean(),
});
const StationSchema: v.GenericSchema<unknown, Station> = v.strictObject({
  id,
  name: text,
  shortcode: text,
  description: text,
  frontend: text,
  backend: text,
  timezone: text,
  listen_url: v.pipe(v.string(), v.url()),
  url: text,
  public_player_url: text,
  playlist_pls_url: text,
  playlist_m3u_url: text,
  is_public: v.boolean(),
  requests_enabled: v.boolean(),
  mounts: v.array(MountSchema),
  remotes: v.array(v.unknown()),
  hls_enabled: v.boolean(),
  hls_is_default: v.boolean(),
  hls_url: v.nullable(text),
  hls_listeners: count,
});
const historyFields = {
  sh_id: count,
  played_at: count,
  duration: count,
  playlist: text,
  streamer: text,
  is_request: v.boolean(),
  song: SongSchema,
};
export const NowPlayingSchema: v.GenericSchema<unknown, NowPlaying> = v.strictObject({
  station: StationSchema,
  listeners,
  live: v.strictObject({
    is_live: v.boolean(),
    streamer_name: text,
    broadcast_start: v.nullable(count),
    art: v.nullable(text),
  }),
  now_playing: v.strictObject({ ...historyFields, elapsed: v.optional(count), remaining: v.optional(count) }),
  playing_next: v.nullable(
    v.strictObject({
      cued_at: count,
      played_at: count,
      duration: count,
      playlist: text,
      is_request: v.boolean(),
      song: SongSchema,
    }),
  ),
  song_history: v.array(v.strictObject(historyFields)),
  is_online: v.boolean(),
});

/** Asserts `value` matches `schema`, failing with the first issue's path and message. */
export function expectValid(schema: v.GenericSchema, value: unknown, what = 'value'): void {
  const result = v.safeParse(schema, value);
  const issue = result.issues?.[0];
  expect(issue ? `${what}.${v.getDotPath(issue) ?? ''}: ${issue.message}` : 'valid').toBe('valid');
}
