/**
 * @module
 * Small hand-built domain objects for unit tests of shapes and services: each builder takes
 * overrides, so a test states only the fields its rule is about.
 */
import type { AudioFeatures } from '../../core/domain/features.ts';
import type { Album, Artist, Playlist, Track } from '../../core/domain/music.ts';
import type { NowPlaying, Song } from '../../core/domain/radio.ts';

export function artist(over: Partial<Artist> = {}): Artist {
  return { id: 1, name: 'Ada Lark', fans: 1000, albumCount: 3, genres: ['Pop'], imageUrl: null, ...over };
}

export function album(over: Partial<Album> = {}): Album {
  return {
    id: 10,
    title: 'First Light',
    artist: { id: 1, name: 'Ada Lark' },
    recordType: 'album',
    releaseDate: '2020-05-01',
    trackCount: 2,
    duration: 421,
    label: 'Demo Records',
    upc: '0123456789012',
    explicit: false,
    genreId: 132,
    genres: ['Pop'],
    fans: 50,
    contributors: [{ id: 1, name: 'Ada Lark', role: 'Main' }],
    coverUrl: null,
    ...over,
  };
}

export function track(over: Partial<Track> = {}): Track {
  return {
    id: 100,
    title: 'Morning Song',
    isrc: 'GBABC2000001',
    durationMs: 185_000,
    explicit: false,
    rank: 5000,
    previewUrl: null,
    trackNumber: 1,
    discNumber: 1,
    artist: { id: 1, name: 'Ada Lark' },
    artists: [{ id: 1, name: 'Ada Lark', role: 'Main' }],
    album: { id: 10, title: 'First Light' },
    releaseDate: '2020-05-01',
    ...over,
  };
}

export function playlist(over: Partial<Playlist> = {}): Playlist {
  return {
    id: 7,
    title: 'Rainy Day',
    description: '',
    trackCount: 12,
    duration: 2400,
    creator: { id: 3, name: 'sam' },
    public: true,
    fans: 20,
    coverUrl: null,
    ...over,
  };
}

export function features(over: Partial<AudioFeatures> = {}): AudioFeatures {
  return {
    isrc: 'GBABC2000001',
    keyIndex: 1,
    mode: 'Minor',
    timeSignature: null,
    tempo: 120,
    loudness: -7.5,
    energy: 0.6,
    danceability: 0.5,
    valence: 0.4,
    acousticness: 0.1,
    instrumentalness: 0,
    liveness: 0.1,
    speechiness: 0.05,
    ...over,
  };
}

function song(over: Partial<Song> = {}): Song {
  return {
    id: 'abc',
    art: '',
    custom_fields: [],
    text: 'Ada Lark - Morning Song',
    artist: 'Ada Lark',
    title: 'Morning Song',
    album: 'First Light',
    genre: 'Pop',
    isrc: 'GBABC2000001',
    lyrics: '',
    ...over,
  };
}

/** A station state whose current song started at `playedAt` (Unix seconds) and lasts `duration`. */
export function nowPlaying(playedAt: number, duration: number, over: Partial<NowPlaying> = {}): NowPlaying {
  const listeners = { total: 5, unique: 4, current: 5 };
  return {
    station: {
      id: 1,
      name: 'Sleeve Radio',
      shortcode: 'sleeve',
      description: '',
      frontend: 'icecast',
      backend: 'liquidsoap',
      timezone: 'UTC',
      listen_url: 'http://radio.invalid/listen',
      url: '',
      public_player_url: '',
      playlist_pls_url: '',
      playlist_m3u_url: '',
      is_public: true,
      requests_enabled: false,
      remotes: [],
      hls_enabled: false,
      hls_is_default: false,
      hls_url: null,
      hls_listeners: 0,
      mounts: [
        {
          id: 1,
          name: 'main',
          url: 'http://radio.invalid/listen',
          bitrate: 128,
          format: 'mp3',
          listeners,
          path: '/listen',
          is_default: true,
        },
      ],
    },
    listeners,
    live: { is_live: false, streamer_name: '', broadcast_start: null, art: null },
    now_playing: {
      sh_id: playedAt,
      played_at: playedAt,
      duration,
      playlist: 'default',
      streamer: '',
      is_request: false,
      song: song(),
    },
    playing_next: {
      cued_at: playedAt + duration - 10,
      played_at: playedAt + duration,
      duration: 200,
      playlist: 'default',
      is_request: false,
      song: song({ id: 'next' }),
    },
    song_history: [],
    is_online: true,
    ...over,
  };
}
