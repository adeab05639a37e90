/**
 * @module
 * The `/nowplaying` body, and the socket's message that carries it. The
 * upstream shapes are AzuraCast's own, so this copies each object field by field (no upstream
 * extra ever leaks) and recomputes `elapsed`/`remaining` from `played_at` at request time
 * (D12). The radio service's feed shapes each change with `nowPlayingBody`, given by the route.
 */
import type {
  NowPlayingBody,
  NowPlayingHistoryEntry,
  NowPlayingListeners,
  NowPlayingMount,
  NowPlayingNext,
  NowPlayingSong,
  NowPlayingStation,
} from '../schemas/responses/radio.ts';
import type { Listeners, Mount, NextSong, NowPlaying, Song, SongHistoryEntry, Station } from '../domain/radio.ts';

// `core/routes/radio/radio.ts` names the body from here; its one declaration is the schema's.
export type { NowPlayingBody } from '../schemas/responses/radio.ts';

/** Upstream art may be a path on this service (`/cover?...`); answers carry absolute URLs. */
const absolute = (art: string, base: string): string => (art.startsWith('/') ? `${base}${art}` : art);

function song(s: Song, base: string): NowPlayingSong {
  return {
    id: s.id,
    art: absolute(s.art, base),
    custom_fields: [...s.custom_fields],
    text: s.text,
    artist: s.artist,
    title: s.title,
    album: s.album,
    genre: s.genre,
    isrc: s.isrc,
    lyrics: s.lyrics,
  };
}

const listeners = (l: Listeners): NowPlayingListeners => ({ total: l.total, unique: l.unique, current: l.current });

function mount(m: Mount): NowPlayingMount {
  return {
    id: m.id,
    name: m.name,
    url: m.url,
    bitrate: m.bitrate,
    format: m.format,
    listeners: listeners(m.listeners),
    path: m.path,
    is_default: m.is_default,
  };
}

function station(s: Station): NowPlayingStation {
  return {
    id: s.id,
    name: s.name,
    shortcode: s.shortcode,
    description: s.description,
    frontend: s.frontend,
    backend: s.backend,
    timezone: s.timezone,
    listen_url: s.listen_url,
    url: s.url,
    public_player_url: s.public_player_url,
    playlist_pls_url: s.playlist_pls_url,
    playlist_m3u_url: s.playlist_m3u_url,
    is_public: s.is_public,
    requests_enabled: s.requests_enabled,
    mounts: s.mounts.map(mount),
    remotes: [...s.remotes],
    hls_enabled: s.hls_enabled,
    hls_is_default: s.hls_is_default,
    hls_url: s.hls_url,
    hls_listeners: s.hls_listeners,
  };
}

function historyEntry(e: SongHistoryEntry, base: string): NowPlayingHistoryEntry {
  return {
    sh_id: e.sh_id,
    played_at: e.played_at,
    duration: e.duration,
    playlist: e.playlist,
    streamer: e.streamer,
    is_request: e.is_request,
    song: song(e.song, base),
  };
}

function nextSong(n: NextSong, base: string): NowPlayingNext {
  return {
    cued_at: n.cued_at,
    played_at: n.played_at,
    duration: n.duration,
    playlist: n.playlist,
    is_request: n.is_request,
    song: song(n.song, base),
  };
}

/** Whole seconds since `played_at`, kept within the song's duration. */
function elapsedAt(entry: SongHistoryEntry, nowMs: number): { elapsed: number; remaining: number } {
  const elapsed = Math.min(Math.max(Math.floor(nowMs / 1000) - entry.played_at, 0), Math.max(entry.duration, 0));
  return { elapsed, remaining: Math.max(entry.duration - elapsed, 0) };
}

export function nowPlayingBody(np: NowPlaying, nowMs: number, base: string): NowPlayingBody {
  return {
    station: station(np.station),
    listeners: listeners(np.listeners),
    live: {
      is_live: np.live.is_live,
      streamer_name: np.live.streamer_name,
      broadcast_start: np.live.broadcast_start,
      art: np.live.art,
    },
    now_playing: { ...historyEntry(np.now_playing, base), ...elapsedAt(np.now_playing, nowMs) },
    playing_next: np.playing_next ? nextSong(np.playing_next, base) : null,
    song_history: np.song_history.map((e) => historyEntry(e, base)),
    is_online: np.is_online,
    cache: null,
  };
}

/** What `/nowplaying/socket` sends, as a WebSocket message or an event's `data:`. */
export function nowPlayingMessage(body: NowPlayingBody): string {
  return JSON.stringify({ type: 'nowplaying', data: body });
}
