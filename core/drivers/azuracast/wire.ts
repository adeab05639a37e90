/**
 * @module
 * AzuraCast's now-playing JSON (`GET /api/nowplaying/{station}`, and the `np` of its live feed)
 * to the domain `NowPlaying`. Pure. `/nowplaying` answers AzuraCast's own shape, so the fields
 * keep their names; each object is copied field by field, so no upstream extra leaks (`cache`,
 * `elapsed`, a remote's admin fields...).
 *
 * Two eras are read alike: the current shape (0.17+, OpenAPI `Api_NowPlaying`) and the old one
 * (0.9, 2019), which lacks `station.timezone`, `url`, the playlist URLs, `requests_enabled`,
 * the `hls_*` fields, `live.broadcast_start`/`art`, `now_playing.streamer`, `song.genre`/`isrc`
 * and `is_online`. A field the body lacks (or sends as null, as an offline station does) gets
 * its type's empty value: `''`, `false`, `0`, `null` where the domain is nullable, `[]`.
 * Nothing is inferred. Numbers sent as numeric strings (the OpenAPI example writes
 * `broadcast_start: "1591548318"`) are read as numbers; fractional durations are rounded.
 * A body with no station object is not a now-playing state: `WireError`, which the driver
 * turns into `502 upstream_error`.
 */
import type {
  Listeners,
  Live,
  Mount,
  NextSong,
  NowPlaying,
  Song,
  SongHistoryEntry,
  Station,
} from '../../domain/radio.ts';
import { WireError } from '../shared/wire.ts';

export { WireError };

type Json = Record<string, unknown>;

const record = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const nullableText = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const flag = (value: unknown): boolean => value === true;

/** A whole non-negative number, from a number or a numeric string; null when there is none. */
function wholeOrNull(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
}
const whole = (value: unknown): number => wholeOrNull(value) ?? 0;

function toSong(value: unknown): Song {
  const s = record(value) ?? {};
  return {
    id: text(s.id),
    art: text(s.art),
    // An array in every AzuraCast body seen; anything else (PHP writes a keyed array as an object) is left out.
    custom_fields: Array.isArray(s.custom_fields) ? [...(s.custom_fields as unknown[])] : [],
    text: text(s.text),
    artist: text(s.artist),
    title: text(s.title),
    album: text(s.album),
    genre: text(s.genre),
    isrc: text(s.isrc),
    lyrics: text(s.lyrics),
  };
}

function toListeners(value: unknown): Listeners {
  const l = record(value) ?? {};
  return { total: whole(l.total), unique: whole(l.unique), current: whole(l.current) };
}

function toRemote(value: Json): {
  id: number;
  name: string;
  url: string;
  bitrate: number;
  format: string;
  listeners: Listeners;
} {
  return {
    id: whole(value.id),
    name: text(value.name),
    url: text(value.url),
    bitrate: whole(value.bitrate),
    format: text(value.format),
    listeners: toListeners(value.listeners),
  };
}

function toMount(value: Json): Mount {
  return { ...toRemote(value), path: text(value.path), is_default: flag(value.is_default) };
}

const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.map(record).filter((v): v is Json => v !== null) : [];

function toStation(value: unknown): Station {
  const s = record(value);
  if (s === null) throw new WireError('the body has no station object');
  return {
    id: whole(s.id),
    name: text(s.name),
    shortcode: text(s.shortcode),
    description: text(s.description),
    frontend: text(s.frontend),
    backend: text(s.backend),
    timezone: text(s.timezone),
    listen_url: text(s.listen_url),
    url: text(s.url),
    public_player_url: text(s.public_player_url),
    playlist_pls_url: text(s.playlist_pls_url),
    playlist_m3u_url: text(s.playlist_m3u_url),
    is_public: flag(s.is_public),
    requests_enabled: flag(s.requests_enabled),
    mounts: objects(s.mounts).map(toMount),
    remotes: objects(s.remotes).map(toRemote),
    hls_enabled: flag(s.hls_enabled),
    hls_is_default: flag(s.hls_is_default),
    hls_url: nullableText(s.hls_url),
    hls_listeners: whole(s.hls_listeners),
  };
}

export function toLive(value: unknown): Live {
  const l = record(value) ?? {};
  return {
    is_live: flag(l.is_live),
    streamer_name: text(l.streamer_name),
    broadcast_start: wholeOrNull(l.broadcast_start),
    art: nullableText(l.art),
  };
}

/** A history entry, or the current song without its `elapsed`/`remaining` (the service recomputes them). */
export function toEntry(value: unknown): SongHistoryEntry {
  const e = record(value) ?? {};
  return {
    sh_id: whole(e.sh_id),
    played_at: whole(e.played_at),
    duration: whole(e.duration),
    playlist: text(e.playlist),
    streamer: text(e.streamer),
    is_request: flag(e.is_request),
    song: toSong(e.song),
  };
}

function toNext(value: unknown): NextSong | null {
  const n = record(value);
  if (n === null) return null;
  return {
    cued_at: whole(n.cued_at),
    played_at: whole(n.played_at),
    duration: whole(n.duration),
    playlist: text(n.playlist),
    is_request: flag(n.is_request),
    song: toSong(n.song),
  };
}

export function toNowPlaying(value: unknown): NowPlaying {
  const body = record(value);
  if (body === null) throw new WireError('the body is not an object');
  return {
    station: toStation(body.station),
    listeners: toListeners(body.listeners),
    live: toLive(body.live),
    // AzuraCast's shape lets `now_playing` be null; the domain has no null state, so it is the empty entry.
    now_playing: toEntry(body.now_playing),
    playing_next: toNext(body.playing_next),
    song_history: objects(body.song_history).map(toEntry),
    is_online: flag(body.is_online),
  };
}
