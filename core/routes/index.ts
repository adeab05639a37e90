/**
 * @module
 * The route table: every endpoint the service answers, in one list. The app registers them in
 * this order; the frame reads their declarations (limits, cache, schemas) from here.
 */
import type { Endpoint } from '../http/endpoint.ts';
import { batch } from './batch.ts';
import { editorialGenres } from './editorial.ts';
import { healthz } from './health.ts';
import { albumInfo, albumNewReleases, albumTracks } from './album.ts';
import { artistDiscography, artistInfo, artistSimilar, artistTopTracks } from './artist.ts';
import { artistImage, cover, mediaImage } from './media.ts';
import { playlistGenerate, playlistInfo } from './playlist.ts';
import { resolve } from './resolve.ts';
import { nowPlaying, nowPlayingSocket } from './radio.ts';
import { searchAlbums, searchAll, searchArtist, searchPlaylists } from './search.ts';
import { trackPreview } from './preview.ts';
import { trackHot, trackInfo, trackIsrc, trackRelated } from './track.ts';
import { errorsList } from './meta.ts';
import { metrics } from './metrics.ts';

/** Spec §4.1–§4.5, §4.7–§4.16, §4.19 and the D12/D14 extras (issue #5). */
const metadata: readonly Endpoint<any>[] = [
  searchAll, searchAlbums, searchArtist, searchPlaylists,
  artistDiscography, artistTopTracks, artistSimilar, artistInfo,
  trackRelated, trackInfo, trackIsrc, trackHot, trackPreview,
  albumInfo, albumTracks, albumNewReleases, playlistGenerate, playlistInfo, resolve,
  nowPlaying, nowPlayingSocket, cover, artistImage, mediaImage,
];

export const endpoints: readonly Endpoint<any>[] = [healthz, editorialGenres, ...metadata, errorsList, batch, metrics];
