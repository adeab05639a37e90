/**
 * @module
 * Written by `npm run client:routes` (scripts/client-routes.ts) from `core/routes/index.ts`:
 * do not edit. Each endpoint as the typed client reads it, in the route table's order.
 */
import type * as v from 'valibot';
import type { MediaAnswer } from '../core/http/endpoint.ts';
import type { CardFormat } from '../core/cards/answer.ts';
import type { RecordType } from '../core/domain/music.ts';
import type { CardKind } from '../core/services/media/card.ts';
import type { StatusFeed } from '../core/status/feed.ts';

/** What a caller writes (a body schema's input). */
type In<I> = v.GenericSchema<I, unknown>;
/** A params schema: what a caller writes, and what the server reads it as. */
type Params<I, O> = v.GenericSchema<I, O>;
/** What a JSON answer holds (its response schema's output). */
type Out<O> = v.GenericSchema<unknown, O>;

/** The route table's types: what `ClientOf` builds the client from. */
export type RouteTable = readonly [
  {
    path: '/healthz';
    method: 'GET';
    body?: undefined;
    response: Out<{
      status: 'ok' | 'degraded' | 'draining';
      version: string;
      releasedAt: string;
      timestamp: string;
      elapsedMs: number;
      checks: {
        name: 'upstream-music-api' | 'upstream-audio-features' | 'cache-backend';
        ok: boolean;
        status: number;
        latencyMs: number;
      }[];
      degraded: boolean;
    }>;
  },
  {
    path: '/livez';
    method: 'GET';
    body?: undefined;
    response: Out<{
      status: 'live';
    }>;
  },
  {
    path: '/readyz';
    method: 'GET';
    body?: undefined;
    response: Out<{
      status: 'draining' | 'ready' | 'unready';
      storage: 'ok' | 'fallback' | 'unanswered' | 'unchecked';
    }>;
  },
  {
    path: '/editorial/genres';
    method: 'GET';
    body?: undefined;
    response: Out<{
      id: number;
      name: string;
      image: string;
    }[]>;
  },
  {
    path: '/search/all';
    method: 'GET';
    params: Params<{
      query: string;
      limit: string | undefined;
      types: string | undefined;
    }, {
      query: string;
      limit: number;
      types: ('tracks' | 'artists' | 'albums' | 'playlists')[];
    }>;
    body?: undefined;
    response: Out<{
      query: string;
      types: ('tracks' | 'artists' | 'albums' | 'playlists')[];
      topResult: {
        type: 'track';
        score: number;
        item: {
          id: number;
          name: string;
          artist: string;
          artistId: number;
          album: string;
          albumId: number;
          durationMs: number;
          explicit: boolean;
          isrc: string | null;
          rank: number;
          previewUrl: string | null;
          cover: string;
          score: number;
        };
      } | {
        type: 'artist';
        score: number;
        item: {
          albumCount: number;
          score: number;
          id: number;
          name: string;
          image: string;
          fans: number;
        };
      } | {
        type: 'album';
        score: number;
        item: {
          releaseDate: string | null;
          recordType: RecordType;
          explicit: boolean;
          trackCount: number;
          genreId: number | null;
          score: number;
          id: number;
          title: string;
          artist: string;
          artistId: number;
          cover: string;
        };
      } | {
        type: 'playlist';
        score: number;
        item: {
          id: number;
          title: string;
          cover: string;
          trackCount: number;
          creator: string;
          public: boolean;
          score: number;
        };
      } | null;
      total: number;
      tracks: {
        id: number;
        name: string;
        artist: string;
        artistId: number;
        album: string;
        albumId: number;
        durationMs: number;
        explicit: boolean;
        isrc: string | null;
        rank: number;
        previewUrl: string | null;
        cover: string;
        score: number;
      }[];
      artists: {
        albumCount: number;
        score: number;
        id: number;
        name: string;
        image: string;
        fans: number;
      }[];
      albums: {
        releaseDate: string | null;
        recordType: RecordType;
        explicit: boolean;
        trackCount: number;
        genreId: number | null;
        score: number;
        id: number;
        title: string;
        artist: string;
        artistId: number;
        cover: string;
      }[];
      playlists: {
        id: number;
        title: string;
        cover: string;
        trackCount: number;
        creator: string;
        public: boolean;
        score: number;
      }[];
    }>;
  },
  {
    path: '/search/albums';
    method: 'GET';
    params: Params<{
      query: string;
      limit: string | undefined;
    }, {
      query: string;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      releaseDate: string | null;
      trackCount: number;
      recordType: RecordType;
      explicit: boolean;
      id: number;
      title: string;
      artist: string;
      artistId: number;
      cover: string;
    }[]>;
  },
  {
    path: '/search/artist';
    method: 'GET';
    params: Params<{
      query: string;
      limit: string | undefined;
    }, {
      query: string;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      name: string;
      image: string;
      fans: number;
    }[]>;
  },
  {
    path: '/search/playlists';
    method: 'GET';
    params: Params<{
      query: string;
      limit: string | undefined;
    }, {
      query: string;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      title: string;
      trackCount: number;
      cover: string;
      creator: string;
    }[]>;
  },
  {
    path: '/artist/discography';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
      type: RecordType | undefined;
      limit: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
      type: RecordType | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      artist: string;
      artistId: number;
      total: number;
      counts: {
        albums: number;
        singles: number;
        eps: number;
        compilations: number;
      };
      activeFrom: string | null;
      activeTo: string | null;
      albums?: {
        releaseDate: string | null;
        recordType: RecordType;
        explicit: boolean;
        genreId: number | null;
        fans: number;
        id: number;
        title: string;
        artist: string;
        artistId: number;
        cover: string;
      }[] | undefined;
      singles?: {
        releaseDate: string | null;
        recordType: RecordType;
        explicit: boolean;
        genreId: number | null;
        fans: number;
        id: number;
        title: string;
        artist: string;
        artistId: number;
        cover: string;
      }[] | undefined;
      eps?: {
        releaseDate: string | null;
        recordType: RecordType;
        explicit: boolean;
        genreId: number | null;
        fans: number;
        id: number;
        title: string;
        artist: string;
        artistId: number;
        cover: string;
      }[] | undefined;
      compilations?: {
        releaseDate: string | null;
        recordType: RecordType;
        explicit: boolean;
        genreId: number | null;
        fans: number;
        id: number;
        title: string;
        artist: string;
        artistId: number;
        cover: string;
      }[] | undefined;
    }>;
  },
  {
    path: '/artist/top-tracks';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
      limit: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      name: string;
      album: string;
      albumId: number;
      durationMs: number;
      explicit: boolean;
      isrc: string | null;
      cover: string;
    }[]>;
  },
  {
    path: '/artist/similar';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
      limit: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      name: string;
      image: string;
      fans: number;
    }[]>;
  },
  {
    path: '/artist/info';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
    }>;
    body?: undefined;
    response: Out<{
      albumCount: number;
      topTracks: {
        id: number;
        name: string;
        album: string;
        albumId: number;
        durationMs: number;
        explicit: boolean;
        cover: string;
      }[];
      relatedArtists: {
        id: number;
        name: string;
        image: string;
        fans: number;
      }[];
      id: number;
      name: string;
      image: string;
      fans: number;
    }>;
  },
  {
    path: '/track/related';
    method: 'GET';
    params: Params<{
      isrc?: string | undefined;
      artist: string | undefined;
      title: string | undefined;
      limit: string | undefined;
    }, {
      isrc?: string | undefined;
      artist: string | undefined;
      title: string | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      name: string;
      artist: string;
      artistId: number;
      album: string;
      durationMs: number;
      explicit: boolean;
      isrc: string | null;
      cover: string;
    }[]>;
  },
  {
    path: '/track/info';
    method: 'GET';
    params: Params<{
      id?: string | undefined;
      artist: string | undefined;
      title: string | undefined;
      isrc?: string | undefined;
    }, {
      id: number;
    } | {
      artist: string;
      title: string;
      isrc?: string;
    }>;
    body?: undefined;
    response: Out<{
      album: {
        id: number;
        name: string;
        albumType: RecordType;
        releaseDate: string | null;
        totalTracks: number;
        label: string;
        genres: string[];
        cover: string;
      };
      audioFeatures: {
        timeSignature: number;
        key: string;
        keyIndex: number;
        mode: 'Major' | 'Minor';
        tempo: number;
        loudness: number;
        energy: number;
        danceability: number;
        valence: number;
        acousticness: number;
        instrumentalness: number;
        liveness: number;
        speechiness: number;
      } | null;
      recommendations: {
        id: number;
        name: string;
        artists: {
          name: string;
          id: number;
        }[];
        album: string;
        durationMs: number;
        durationFormatted: string;
        cover: string;
      }[];
      found: true;
      id: number;
      name: string;
      explicit: boolean;
      isrc: string | null;
      durationMs: number;
      durationFormatted: string;
      artists: {
        id: number;
        name: string;
      }[];
      primaryArtist: {
        id: number;
        name: string;
        genres: string[];
        image: string;
      };
    } | {
      found: false;
      artist?: string | undefined;
      title?: string | undefined;
      isrc?: string | undefined;
    }>;
  },
  {
    path: '/track/isrc';
    method: 'GET';
    params: Params<{
      isrc: string;
    }, {
      isrc: string;
    }>;
    body?: undefined;
    response: Out<{
      found: false;
      artist?: string | undefined;
      title?: string | undefined;
      isrc?: string | undefined;
    } | {
      trackNumber: number | null;
      discNumber: number | null;
      album: {
        upc: string;
        id: number;
        name: string;
        albumType: RecordType;
        releaseDate: string | null;
        totalTracks: number;
        label: string;
        genres: string[];
        cover: string;
      };
      audioFeatures: {
        key: string;
        keyIndex: number;
        mode: 'Major' | 'Minor';
        tempo: number;
        loudness: number;
        energy: number;
        danceability: number;
        valence: number;
        acousticness: number;
        instrumentalness: number;
        liveness: number;
        speechiness: number;
      } | null;
      recommendations: {
        isrc: string | null;
        id: number;
        name: string;
        artists: {
          name: string;
          id: number;
        }[];
        album: string;
        durationMs: number;
        durationFormatted: string;
        cover: string;
      }[];
      found: true;
      id: number;
      name: string;
      explicit: boolean;
      isrc: string | null;
      durationMs: number;
      durationFormatted: string;
      artists: {
        id: number;
        name: string;
      }[];
      primaryArtist: {
        id: number;
        name: string;
        genres: string[];
        image: string;
      };
    }>;
  },
  {
    path: '/track/hot';
    method: 'GET';
    params: Params<{
      country: string | undefined;
      limit: string | undefined;
    }, {
      country: string | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      country: string;
      tracks: {
        position: number;
        id: number;
        name: string;
        artist: string;
        artistId: number;
        album: string;
        durationMs: number;
        explicit: boolean;
        cover: string;
      }[];
    }>;
  },
  {
    path: '/track/preview';
    method: 'GET';
    params: Params<{
      id: string;
    }, {
      id: number;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/album/info';
    method: 'GET';
    params: Params<{
      id?: string | undefined;
      query: string | undefined;
    }, {
      id?: number | undefined;
      query: string | undefined;
    }>;
    body?: undefined;
    response: Out<{
      trackCount: number;
      duration: number;
      label: string;
      upc: string;
      explicit: boolean;
      genres: string[];
      contributors: {
        id: number;
        name: string;
        role: string;
      }[];
      tracks: {
        id: number;
        title: string;
        durationMs: number;
        explicit: boolean;
        trackNumber: number;
      }[];
      id: number;
      title: string;
      artist: {
        id: number;
        name: string;
      };
      cover: string;
      releaseDate: string | null;
      recordType: RecordType;
    }>;
  },
  {
    path: '/album/tracks';
    method: 'GET';
    params: Params<{
      id?: string | undefined;
      query: string | undefined;
    }, {
      id?: number | undefined;
      query: string | undefined;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      title: string;
      artist: {
        id: number;
        name: string;
      };
      trackCount: number;
      tracks: {
        id: number;
        title: string;
        isrc: string | null;
        trackNumber: number;
        discNumber: number;
        durationMs: number;
        explicit: boolean;
        artists: {
          id: number;
          name: string;
        }[];
      }[];
    }>;
  },
  {
    path: '/album/new-releases';
    method: 'GET';
    params: Params<{
      limit: string | undefined;
    }, {
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      title: string;
      artist: {
        id: number;
        name: string;
      };
      cover: string;
      releaseDate: string | null;
      recordType: RecordType;
    }[]>;
  },
  {
    path: '/playlist/generate';
    method: 'GET';
    params: Params<{
      genres: string;
      energy: string | undefined;
      tempo: string | undefined;
      limit: string | undefined;
    }, {
      genres: string;
      energy: number | undefined;
      tempo: number | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      playlist: string;
      params: {
        genres: string;
        energy: number | null;
        tempo: number | null;
      };
      trackCount: number;
      tracks: {
        id: number;
        name: string;
        artist: string;
        artistId: number;
        album: string;
        durationMs: number;
        explicit: boolean;
        isrc: string | null;
        cover: string;
      }[];
    }>;
  },
  {
    path: '/playlist/info';
    method: 'GET';
    params: Params<{
      id: string;
    }, {
      id: number;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      title: string;
      description: string;
      cover: string;
      trackCount: number;
      duration: number;
      creator: string;
      public: boolean;
      fans: number;
      tracks: {
        id: number;
        name: string;
        artist: string;
        artistId: number;
        album: string;
        durationMs: number;
        explicit: boolean;
        isrc: string | null;
        cover: string;
      }[];
    }>;
  },
  {
    path: '/resolve';
    method: 'GET';
    params: Params<{
      url: string;
    }, {
      url: string;
    }>;
    body?: undefined;
    response: Out<{
      type: 'track';
      source: 'spotify' | 'deezer' | 'apple-music' | 'youtube-music' | 'soundcloud';
      originalUrl: string;
      data: {
        album: {
          id: number;
          name: string;
          albumType: RecordType;
          releaseDate: string | null;
          totalTracks: number;
          label: string;
          genres: string[];
          cover: string;
        };
        audioFeatures: {
          timeSignature: number;
          key: string;
          keyIndex: number;
          mode: 'Major' | 'Minor';
          tempo: number;
          loudness: number;
          energy: number;
          danceability: number;
          valence: number;
          acousticness: number;
          instrumentalness: number;
          liveness: number;
          speechiness: number;
        } | null;
        recommendations: {
          id: number;
          name: string;
          artists: {
            name: string;
            id: number;
          }[];
          album: string;
          durationMs: number;
          durationFormatted: string;
          cover: string;
        }[];
        found: true;
        id: number;
        name: string;
        explicit: boolean;
        isrc: string | null;
        durationMs: number;
        durationFormatted: string;
        artists: {
          id: number;
          name: string;
        }[];
        primaryArtist: {
          id: number;
          name: string;
          genres: string[];
          image: string;
        };
      };
    } | {
      type: 'album';
      source: 'spotify' | 'deezer' | 'apple-music' | 'youtube-music' | 'soundcloud';
      originalUrl: string;
      data: {
        trackCount: number;
        duration: number;
        label: string;
        upc: string;
        explicit: boolean;
        genres: string[];
        contributors: {
          id: number;
          name: string;
          role: string;
        }[];
        tracks: {
          id: number;
          title: string;
          durationMs: number;
          explicit: boolean;
          trackNumber: number;
        }[];
        id: number;
        title: string;
        artist: {
          id: number;
          name: string;
        };
        cover: string;
        releaseDate: string | null;
        recordType: RecordType;
      };
    } | {
      type: 'artist';
      source: 'spotify' | 'deezer' | 'apple-music' | 'youtube-music' | 'soundcloud';
      originalUrl: string;
      data: {
        albumCount: number;
        topTracks: {
          id: number;
          name: string;
          album: string;
          albumId: number;
          durationMs: number;
          explicit: boolean;
          cover: string;
        }[];
        relatedArtists: {
          id: number;
          name: string;
          image: string;
          fans: number;
        }[];
        id: number;
        name: string;
        image: string;
        fans: number;
      };
    } | {
      type: 'playlist';
      source: 'spotify' | 'deezer' | 'apple-music' | 'youtube-music' | 'soundcloud';
      originalUrl: string;
      data: {
        id: number;
        title: string;
        description: string;
        cover: string;
        trackCount: number;
        duration: number;
        creator: string;
        public: boolean;
        fans: number;
        tracks: {
          id: number;
          name: string;
          artist: string;
          artistId: number;
          album: string;
          durationMs: number;
          explicit: boolean;
          isrc: string | null;
          cover: string;
        }[];
      };
    }>;
  },
  {
    path: '/nowplaying';
    method: 'GET';
    params: Params<{
      station: string | undefined;
    }, {
      station: string | undefined;
    }>;
    body?: undefined;
    response: Out<{
      station: {
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
        mounts: {
          id: number;
          name: string;
          url: string;
          bitrate: number;
          format: string;
          listeners: {
            total: number;
            unique: number;
            current: number;
          };
          path: string;
          is_default: boolean;
        }[];
        remotes: unknown[];
        hls_enabled: boolean;
        hls_is_default: boolean;
        hls_url: string | null;
        hls_listeners: number;
      };
      listeners: {
        total: number;
        unique: number;
        current: number;
      };
      live: {
        is_live: boolean;
        streamer_name: string;
        broadcast_start: number | null;
        art: string | null;
      };
      now_playing: {
        elapsed: number;
        remaining: number;
        sh_id: number;
        played_at: number;
        duration: number;
        playlist: string;
        streamer: string;
        is_request: boolean;
        song: {
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
        };
      };
      playing_next: {
        cued_at: number;
        played_at: number;
        duration: number;
        playlist: string;
        is_request: boolean;
        song: {
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
        };
      } | null;
      song_history: {
        sh_id: number;
        played_at: number;
        duration: number;
        playlist: string;
        streamer: string;
        is_request: boolean;
        song: {
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
        };
      }[];
      is_online: boolean;
      cache: null;
    }>;
  },
  {
    path: '/nowplaying/socket';
    method: 'GET';
    params: Params<{
      station: string | undefined;
    }, {
      station: string | undefined;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/cover';
    method: 'GET';
    params: Params<{
      width?: string | undefined;
      height?: string | undefined;
      format?: string | undefined;
      artist: string;
      title: string;
    }, {
      width?: string | undefined;
      height?: string | undefined;
      format?: string | undefined;
      artist: string;
      title: string;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/artistimage';
    method: 'GET';
    params: Params<{
      width?: string | undefined;
      height?: string | undefined;
      format?: string | undefined;
      id: string;
    }, {
      width?: string | undefined;
      height?: string | undefined;
      format?: string | undefined;
      id: number;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/media/images/:kind/:file';
    method: 'GET';
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/errors';
    method: 'GET';
    body?: undefined;
    response: Out<{
      shape: string;
      errors: {
        code: string;
        status: number;
        meaning: string;
      }[];
    }>;
  },
  {
    path: '/batch';
    method: 'POST';
    body: In<{
      requests: {
        id?: string | undefined;
        path: string;
      }[];
    }>;
    response: Out<{
      count: number;
      succeeded: number;
      failed: number;
      elapsedMs: number;
      responses: {
        [x: string]: {
          status: number;
          elapsedMs: number;
          cache: 'HIT' | 'MISS' | null;
          body: unknown;
        };
      };
    }>;
  },
  {
    path: '/metrics';
    method: 'GET';
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/status';
    method: 'GET';
    params: Params<{
      token?: string | undefined;
    }, {
      token?: string | undefined;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/status/feed';
    method: 'GET';
    params: Params<{
      token?: string | undefined;
    }, {
      token?: string | undefined;
    }>;
    body?: undefined;
    response: Out<StatusFeed>;
  },
  {
    path: '/';
    method: 'GET';
    body?: undefined;
    response: Out<{
      name: string;
      description: string;
      version: string;
      mode: 'live' | 'demo';
      links: {
        docs: string;
        openapi: string;
        llms: string;
        health: string;
      };
    }>;
  },
  {
    path: '/openapi.json';
    method: 'GET';
    body?: undefined;
    response: Out<{
      openapi: '3.1.0';
      info: {
        title: string;
        version: string;
      } & {
        [key: string]: unknown;
      };
      servers: ({
        url: string;
      } & {
        [key: string]: unknown;
      })[];
      paths: {
        [x: string]: {} & {
          [key: string]: unknown;
        };
      };
      components: {} & {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    }>;
  },
  {
    path: '/llms.txt';
    method: 'GET';
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/docs';
    method: 'GET';
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/docs/';
    method: 'GET';
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/docs/:file';
    method: 'GET';
    params: Params<{
      v?: string | undefined;
    }, {
      v?: string | undefined;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/search/suggest';
    method: 'GET';
    params: Params<{
      query: string;
      limit: string | undefined;
    }, {
      query: string;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      query: string;
      suggestions: {
        type: 'track' | 'artist' | 'album';
        id: number;
        text: string;
        artist: string | null;
      }[];
    }>;
  },
  {
    path: '/artist/albums';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
      limit: string | undefined;
      index: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
      limit: number;
      index: number;
    }>;
    body?: undefined;
    response: Out<{
      artist: string;
      artistId: number;
      total: number;
      index: number;
      albums: {
        releaseDate: string | null;
        recordType: RecordType;
        explicit: boolean;
        genreId: number | null;
        fans: number;
        id: number;
        title: string;
        artist: string;
        artistId: number;
        cover: string;
      }[];
      next: string | null;
    }>;
  },
  {
    path: '/track/credits';
    method: 'GET';
    params: Params<{
      id?: string | undefined;
      isrc?: string | undefined;
    }, {
      id?: number | undefined;
      isrc?: string | undefined;
    }>;
    body?: undefined;
    response: Out<{
      id: number;
      title: string;
      isrc: string | null;
      artist: {
        id: number;
        name: string;
      };
      album: {
        id: number;
        title: string;
      };
      contributors: {
        id: number;
        name: string;
        role: string;
        image: string;
      }[];
    }>;
  },
  {
    path: '/recommendations';
    method: 'GET';
    params: Params<{
      seed_isrc?: string | undefined;
      seed_artist?: string | undefined;
      seed_genre: string | undefined;
      energy: string | undefined;
      tempo: string | undefined;
      valence: string | undefined;
      danceability: string | undefined;
      limit: string | undefined;
    }, {
      seed_isrc?: string | undefined;
      seed_artist?: number | undefined;
      seed_genre: string | undefined;
      energy: number | undefined;
      tempo: number | undefined;
      valence: number | undefined;
      danceability: number | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      seeds: {
        isrc: string | null;
        artist: number | null;
        genre: string | null;
      };
      targets: {
        energy: number | null;
        tempo: number | null;
        valence: number | null;
        danceability: number | null;
      };
      trackCount: number;
      tracks: {
        previewUrl: string | null;
        features: {
          energy: number;
          tempo: number;
          valence: number;
          danceability: number;
        } | null;
        id: number;
        name: string;
        artist: string;
        artistId: number;
        album: string;
        durationMs: number;
        explicit: boolean;
        isrc: string | null;
        cover: string;
      }[];
    }>;
  },
  {
    path: '/genre/chart';
    method: 'GET';
    params: Params<{
      id: string;
      limit: string | undefined;
    }, {
      id: number;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      genre: {
        id: number;
        name: string;
        image: string;
      };
      tracks: {
        position: number;
        id: number;
        name: string;
        artist: string;
        artistId: number;
        album: string;
        durationMs: number;
        explicit: boolean;
        cover: string;
      }[];
    }>;
  },
  {
    path: '/editorial/selection';
    method: 'GET';
    params: Params<{
      id: string | undefined;
      limit: string | undefined;
    }, {
      id: number;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      editorial: {
        id: number;
        name: string;
        image: string;
      };
      albums: {
        id: number;
        title: string;
        artist: {
          id: number;
          name: string;
        };
        cover: string;
        releaseDate: string | null;
        recordType: RecordType;
      }[];
    }>;
  },
  {
    path: '/editorial/charts';
    method: 'GET';
    params: Params<{
      id: string | undefined;
      limit: string | undefined;
    }, {
      id: number;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      editorial: {
        id: number;
        name: string;
        image: string;
      };
      tracks: {
        position: number;
        id: number;
        name: string;
        artist: string;
        artistId: number;
        album: string;
        durationMs: number;
        explicit: boolean;
        cover: string;
      }[];
      albums: {
        id: number;
        title: string;
        artist: {
          id: number;
          name: string;
        };
        cover: string;
        releaseDate: string | null;
        recordType: RecordType;
        position: number;
      }[];
      artists: {
        id: number;
        name: string;
        image: string;
        fans: number;
        position: number;
      }[];
      playlists: {
        id: number;
        title: string;
        trackCount: number;
        cover: string;
        creator: string;
        position: number;
      }[];
    }>;
  },
  {
    path: '/media/previews/:file';
    method: 'GET';
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/lyrics';
    method: 'GET';
    params: Params<{
      artist: string;
      title: string;
      album: string | undefined;
      duration: string | undefined;
    }, {
      artist: string;
      title: string;
      album: string | undefined;
      duration: number | undefined;
    }>;
    body?: undefined;
    response: Out<{
      attribution: {
        source: string;
        url: string;
        license: string | null;
        licenseUrl: string | null;
      };
      id: number;
      title: string;
      artist: string;
      album: string | null;
      duration: number | null;
      instrumental: boolean;
      plainLyrics: string | null;
      syncedLyrics: string | null;
    }>;
  },
  {
    path: '/lyrics/search';
    method: 'GET';
    params: Params<{
      query: string | undefined;
      title: string | undefined;
      artist: string | undefined;
      album: string | undefined;
      limit: string | undefined;
    }, {
      query: string | undefined;
      title: string | undefined;
      artist: string | undefined;
      album: string | undefined;
      limit: number;
    }>;
    body?: undefined;
    response: Out<{
      total: number;
      results: {
        id: number;
        title: string;
        artist: string;
        album: string | null;
        duration: number | null;
        instrumental: boolean;
        plainLyrics: string | null;
        syncedLyrics: string | null;
      }[];
      attribution: {
        source: string;
        url: string;
        license: string | null;
        licenseUrl: string | null;
      };
    }>;
  },
  {
    path: '/artist/biography';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
    }>;
    body?: undefined;
    response: Out<{
      artist: {
        id: number | null;
        name: string;
      };
      wikidataId: string;
      title: string;
      description: string | null;
      extract: string;
      url: string;
      language: string;
      lastModified: string | null;
      attribution: {
        source: string;
        url: string;
        license: string | null;
        licenseUrl: string | null;
      };
    }>;
  },
  {
    path: '/artist/knowledgebase';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
    }>;
    body?: undefined;
    response: Out<{
      artist: {
        id: number | null;
        name: string;
      };
      wikidataId: string;
      label: string;
      description: string | null;
      kind: 'group' | 'person';
      origin: {
        countries: {
          id: string;
          name: string;
        }[];
        places: {
          id: string;
          name: string;
        }[];
      };
      activeFrom: string | null;
      activeTo: string | null;
      genres: {
        id: string;
        name: string;
      }[];
      members: {
        id: string;
        name: string;
      }[];
      officialWebsite: string | null;
      links: {
        wikidata: string;
        wikipedia: string | null;
      };
      attribution: {
        source: string;
        url: string;
        license: string | null;
        licenseUrl: string | null;
      };
    }>;
  },
  {
    path: '/live';
    method: 'GET';
    params: Params<{
      station: string | undefined;
    }, {
      station: string | undefined;
    }>;
    body?: undefined;
    response: Out<{
      is_live: boolean;
      streamer_name: string;
      broadcast_start: number | null;
      art: string | null;
    }>;
  },
  {
    path: '/listen.mp3';
    method: 'GET';
    params: Params<{
      station: string | undefined;
    }, {
      station: string | undefined;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/roadmap';
    method: 'GET';
    body?: undefined;
    response: Out<{
      current: string;
      versions: {
        version: string;
        prefix: string;
        current: boolean;
        errorShape: 'current' | 'legacy';
        rateLimitHeaders: string[];
        changes: string;
        added: {
          method: 'GET' | 'POST';
          path: string;
          aliases: string[];
        }[];
      }[];
      everyVersion: {
        method: 'GET' | 'POST';
        path: string;
        aliases: string[];
      }[];
    }>;
  },
  {
    path: '/share/card';
    method: 'GET';
    params: Params<{
      id?: string | undefined;
      isrc?: string | undefined;
      format: CardFormat | undefined;
    }, {
      id?: number | undefined;
      isrc?: string | undefined;
      format: CardFormat | undefined;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/og';
    method: 'GET';
    params: Params<{
      type: CardKind | undefined;
      id: string;
      format: CardFormat | undefined;
    }, {
      type: CardKind | undefined;
      id: number;
      format: CardFormat | undefined;
    }>;
    body?: undefined;
    response: MediaAnswer;
  },
  {
    path: '/chat';
    method: 'POST';
    body: In<{
      messages: {
        role: 'user' | 'assistant';
        content: string;
      }[];
    }>;
    response: Out<{
      model: string;
      generatedAt: string;
      grounding: {
        subject: string;
        facts: string[];
      }[];
      reply: string;
    }>;
  },
  {
    path: '/assistant';
    method: 'GET';
    params: Params<{
      query: string;
    }, {
      query: string;
    }>;
    body?: undefined;
    response: Out<{
      model: string;
      generatedAt: string;
      grounding: {
        subject: string;
        facts: string[];
      }[];
      query: string;
      answer: string;
    }>;
  },
  {
    path: '/ai/track-insights';
    method: 'GET';
    params: Params<{
      id?: string | undefined;
      isrc?: string | undefined;
    }, {
      id?: number | undefined;
      isrc?: string | undefined;
    }>;
    body?: undefined;
    response: Out<{
      model: string;
      generatedAt: string;
      grounding: {
        subject: string;
        facts: string[];
      }[];
      track: {
        id: number;
        title: string;
        artist: string;
        isrc: string | null;
      };
      answer: string;
    }>;
  },
  {
    path: '/ai/lyrics-explain';
    method: 'GET';
    params: Params<{
      artist: string;
      title: string;
    }, {
      artist: string;
      title: string;
    }>;
    body?: undefined;
    response: Out<{
      model: string;
      generatedAt: string;
      grounding: {
        subject: string;
        facts: string[];
      }[];
      track: {
        id: number;
        title: string;
        artist: string;
        isrc: string | null;
      };
      lyricsUsed: boolean;
      answer: string;
    }>;
  },
  {
    path: '/ai/artist-summary';
    method: 'GET';
    params: Params<{
      artist: string | undefined;
      id?: string | undefined;
    }, {
      artist: string | undefined;
      id?: number | undefined;
    }>;
    body?: undefined;
    response: Out<{
      model: string;
      generatedAt: string;
      grounding: {
        subject: string;
        facts: string[];
      }[];
      artist: {
        id: number;
        name: string;
      };
      answer: string;
    }>;
  },
  {
    path: '/ai/similar-because';
    method: 'GET';
    params: Params<{
      isrc: string;
      other: string;
    }, {
      isrc: string;
      other: string;
    }>;
    body?: undefined;
    response: Out<{
      model: string;
      generatedAt: string;
      grounding: {
        subject: string;
        facts: string[];
      }[];
      track: {
        id: number;
        title: string;
        artist: string;
        isrc: string | null;
      };
      other: {
        id: number;
        title: string;
        artist: string;
        isrc: string | null;
      };
      answer: string;
    }>;
  },
];
