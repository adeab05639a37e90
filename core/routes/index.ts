/**
 * @module
 * The route table: every endpoint the service answers, in one list. The app registers them in
 * this order; the frame reads their declarations (limits, cache, schemas) from here.
 */
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
import { docsFile, docsPage, docsSlash } from './docs.ts';
import { metrics } from './metrics.ts';
import { landing, llms, openApi } from './self.ts';
import { searchSuggest } from './suggest.ts';

/**
 * Every endpoint, in registration order: health and genres first (the cheapest), then spec
 * §4.1–§4.19 with the D12/D14 extras, then the service's own, its self-description last. Kept as a tuple so the typed
 * client (`sleeve/client`) knows each path's parameters and answer.
 */
export const endpoints = [
  healthz, editorialGenres,
  searchAll, searchAlbums, searchArtist, searchPlaylists,
  artistDiscography, artistTopTracks, artistSimilar, artistInfo,
  trackRelated, trackInfo, trackIsrc, trackHot, trackPreview,
  albumInfo, albumTracks, albumNewReleases, playlistGenerate, playlistInfo, resolve,
  nowPlaying, nowPlayingSocket, cover, artistImage, mediaImage,
  errorsList, batch, metrics,
  landing, openApi, llms, docsPage, docsSlash, docsFile,
  searchSuggest,
] as const;

/** The route table's type: what the client and the docs are generated from. */
export type Endpoints = typeof endpoints;
