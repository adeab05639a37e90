/**
 * @module
 * A radio station's state: the interface's radio bodies are AzuraCast's own shapes, so the domain
 * keeps them, field names included.
 */

/**
 * What a station's shortcode (or numeric id) may be, wherever one is taken (`SLEEVE_STATION`, the
 * radio routes' `station`): letters, digits, `-` and `_`. It is put in the path of AzuraCast's URLs,
 * where a `..` or a `/` would name another resource on the installation.
 */
export const STATION_CODE: RegExp = /^[a-z0-9_-]{1,64}$/i;

export interface Song {
  id: string;
  art: string;
  custom_fields: unknown[];
  text: string;
  artist: string;
  title: string;
  album: string;
  genre: string;
  isrc: string;
  lyrics: string;
}

export interface Listeners {
  total: number;
  unique: number;
  current: number;
}

export interface Mount {
  id: number;
  name: string;
  url: string;
  bitrate: number;
  format: string;
  listeners: Listeners;
  path: string;
  is_default: boolean;
}

export interface Station {
  id: number;
  name: string;
  shortcode: string;
  description: string;
  frontend: string;
  backend: string;
  timezone: string;
  listen_url: string;
  url: string;
  public_player_url: string;
  playlist_pls_url: string;
  playlist_m3u_url: string;
  is_public: boolean;
  requests_enabled: boolean;
  mounts: Mount[];
  remotes: unknown[];
  hls_enabled: boolean;
  hls_is_default: boolean;
  hls_url: string | null;
  hls_listeners: number;
}

export interface Live {
  is_live: boolean;
  streamer_name: string;
  broadcast_start: number | null;
  art: string | null;
}

export interface SongHistoryEntry {
  sh_id: number;
  /** Unix seconds. */
  played_at: number;
  /** Seconds. */
  duration: number;
  playlist: string;
  streamer: string;
  is_request: boolean;
  song: Song;
}

export interface NextSong {
  cued_at: number;
  played_at: number;
  duration: number;
  playlist: string;
  is_request: boolean;
  song: Song;
}

/** A station's state as the upstream reported it; the service recomputes elapsed/remaining. */
export interface NowPlaying {
  station: Station;
  listeners: Listeners;
  live: Live;
  now_playing: SongHistoryEntry;
  playing_next: NextSong | null;
  song_history: SongHistoryEntry[];
  is_online: boolean;
}
