/**
 * @module
 * The route table: every endpoint the service answers, in one list. The app registers them in
 * this order; the frame reads their declarations (limits, cache, schemas) from here.
 */
import { batch } from './batch.ts';
import { editorialCharts, editorialGenres, editorialSelection } from './music/editorial.ts';
import { healthz } from './health.ts';
import { livez, readyz } from './probes.ts';
import { albumInfo, albumNewReleases, albumTracks } from './music/album.ts';
import { artistAlbums, artistDiscography, artistInfo, artistSimilar, artistTopTracks } from './music/artist.ts';
import { artistImage, cover, mediaImage } from './media/media.ts';
import { playlistGenerate, playlistInfo } from './music/playlist.ts';
import { resolve } from './music/resolve.ts';
import { nowPlaying, nowPlayingSocket } from './radio/radio.ts';
import { searchAlbums, searchAll, searchArtist, searchPlaylists } from './music/search.ts';
import { searchSuggest } from './music/suggest.ts';
import { mediaPreview, trackPreview } from './media/preview.ts';
import { trackHot, trackInfo, trackIsrc, trackRelated } from './music/track.ts';
import { errorsList } from './self/meta.ts';
import { docsFile, docsPage, docsSlash } from './self/docs.ts';
import { metrics } from './self/metrics.ts';
import { statusFeed, statusPage } from './self/status.ts';
import { landing, llms, openApi } from './self/self.ts';
import { aiArtistSummary, aiLyricsExplain, aiSimilarBecause, aiTrackInsights } from './ai/ai.ts';
import { assistant, chat } from './ai/chat.ts';
import { lyrics, lyricsSearch } from './knowledge/lyrics.ts';
import { artistBiography, artistKnowledgebase } from './knowledge/knowledge.ts';
import { listen, live } from './radio/station.ts';
import { roadmap } from './self/roadmap.ts';
import { og, shareCard } from './media/cards.ts';
import { trackCredits } from './music/credits.ts';
import { recommendations } from './music/recommendations.ts';
import { genreChart } from './music/genre-chart.ts';

/**
 * Every endpoint, in registration order: health (with the orchestrator's probes) and genres first (the cheapest), then the
 * lookups (search, artist, track, album, playlist, resolve, radio) with the now-playing socket
 * and the pictures, the service's own and its self-description, then the later additions
 * (suggestions to AI). Kept as a tuple so the typed client (`sleeve/client`) knows each path's
 * parameters and answer.
 */
export const endpoints = [
  healthz,
  livez,
  readyz,
  editorialGenres,
  searchAll,
  searchAlbums,
  searchArtist,
  searchPlaylists,
  artistDiscography,
  artistTopTracks,
  artistSimilar,
  artistInfo,
  trackRelated,
  trackInfo,
  trackIsrc,
  trackHot,
  trackPreview,
  albumInfo,
  albumTracks,
  albumNewReleases,
  playlistGenerate,
  playlistInfo,
  resolve,
  nowPlaying,
  nowPlayingSocket,
  cover,
  artistImage,
  mediaImage,
  errorsList,
  batch,
  metrics,
  statusPage,
  statusFeed,
  landing,
  openApi,
  llms,
  docsPage,
  docsSlash,
  docsFile,
  // Suggestions, music, lyrics and knowledge, radio and roadmap, cards, AI.
  searchSuggest,
  artistAlbums,
  trackCredits,
  recommendations,
  genreChart,
  editorialSelection,
  editorialCharts,
  mediaPreview,
  lyrics,
  lyricsSearch,
  artistBiography,
  artistKnowledgebase,
  live,
  listen,
  roadmap,
  shareCard,
  og,
  chat,
  assistant,
  aiTrackInsights,
  aiLyricsExplain,
  aiArtistSummary,
  aiSimilarBecause,
] as const;

/** The route table's type: what the client and the docs are generated from. */
export type Endpoints = typeof endpoints;
