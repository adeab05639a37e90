/**
 * @module
 * The full track of `/track/info` and `/track/isrc`, and the not-found answer.
 * D17: the row the interface calls "the service" is `primaryArtist`; `timeSignature` is only in the
 * `/track/info` features, 4 when the provider has none.
 */
import type {
  InfoFeatures,
  InfoTrack,
  IsrcFeatures,
  IsrcTrack,
  TrackAlbum,
} from '../../schemas/responses/music/full-track.ts';
import type { TrackDetails } from '../../services/music/track.ts';
import type { AudioFeatures } from '../../domain/features.ts';
import { albumCover } from './album.ts';
import { isrcRecommendation, recommendation, trackCover } from './track.ts';
import { formatDuration, keyName } from '../../utils/format.ts';
import { artistImageUrl } from '../urls.ts';

// `core/routes/music/track.ts` names the not-found answer from here; its one declaration is the schema's.
export type { TrackNotFound } from '../../schemas/responses/music/full-track.ts';

function isrcFeatures(f: AudioFeatures): IsrcFeatures {
  return {
    key: keyName(f.keyIndex),
    keyIndex: f.keyIndex,
    mode: f.mode,
    tempo: f.tempo,
    loudness: f.loudness,
    energy: f.energy,
    danceability: f.danceability,
    valence: f.valence,
    acousticness: f.acousticness,
    instrumentalness: f.instrumentalness,
    liveness: f.liveness,
    speechiness: f.speechiness,
  };
}

function infoFeatures(f: AudioFeatures): InfoFeatures {
  const { key, keyIndex, mode, ...rest } = isrcFeatures(f);
  return { key, keyIndex, mode, timeSignature: f.timeSignature ?? 4, ...rest };
}

/** What `/track/info` and `/track/isrc` share (one `head` in their schemas). */
type FullTrackBase = Omit<InfoTrack, 'album' | 'audioFeatures' | 'recommendations'>;

function base(d: TrackDetails, url: string): FullTrackBase {
  const { track } = d;
  // Some drivers file genres on albums only (Deezer): the album's then stand for the artist's.
  const genres = d.artist?.genres.length ? d.artist.genres : (d.album?.genres ?? []);
  const main = { ...(d.artist ?? track.artist), genres };
  return {
    found: true,
    id: track.id,
    name: track.title,
    explicit: track.explicit,
    isrc: track.isrc,
    durationMs: track.durationMs,
    durationFormatted: formatDuration(track.durationMs),
    artists: (track.artists.length ? track.artists : [track.artist]).map((a) => ({ id: a.id, name: a.name })),
    primaryArtist: { id: main.id, name: main.name, genres: [...main.genres], image: artistImageUrl(url, main.id) },
  };
}

function trackAlbum(d: TrackDetails, url: string): TrackAlbum {
  const { track, album } = d;
  return {
    id: track.album.id,
    name: track.album.title,
    albumType: album?.recordType ?? 'album',
    releaseDate: album?.releaseDate ?? track.releaseDate,
    totalTracks: album?.trackCount ?? 0,
    label: album?.label ?? '',
    genres: [...(album?.genres ?? [])],
    cover: album ? albumCover(album, url) : trackCover(track, url),
  };
}

export function infoTrack(d: TrackDetails, url: string): InfoTrack {
  return {
    ...base(d, url),
    album: trackAlbum(d, url),
    audioFeatures: d.track.isrc && d.features ? infoFeatures(d.features) : null,
    recommendations: d.recommendations.map((t) => recommendation(t, url)),
  };
}

export function isrcTrack(d: TrackDetails, url: string): IsrcTrack {
  const { found, id, name, explicit, isrc, durationMs, ...rest } = base(d, url);
  return {
    found,
    id,
    name,
    explicit,
    isrc,
    trackNumber: d.track.trackNumber,
    discNumber: d.track.discNumber,
    durationMs,
    ...rest,
    album: { ...trackAlbum(d, url), upc: d.album?.upc ?? '' },
    audioFeatures: d.track.isrc && d.features ? isrcFeatures(d.features) : null,
    recommendations: d.recommendations.map((t) => isrcRecommendation(t, url)),
  };
}
