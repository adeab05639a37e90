/** @module The `/search/all` body's schema and type (inferred, never restated). */
import * as v from 'valibot';
import { SEARCH_TYPES } from '../../../services/search/search.ts';
import { searchAlbumSchema } from './albums.ts';
import { searchArtistSchema } from './artists.ts';
import { count, score } from '../common.ts';
import { searchPlaylistSchema } from './playlists.ts';
import { searchTrackSchema } from './tracks.ts';

/** The best-scored item of any section, repeated, tagged with its kind. */
const topResult = v.variant('type', [
  v.strictObject({ type: v.literal('track'), score, item: searchTrackSchema }),
  v.strictObject({ type: v.literal('artist'), score, item: searchArtistSchema }),
  v.strictObject({ type: v.literal('album'), score, item: searchAlbumSchema }),
  v.strictObject({ type: v.literal('playlist'), score, item: searchPlaylistSchema }),
]);
export type TopResult = v.InferOutput<typeof topResult>;

/** `topResult` is null when nothing matched; `total` is the number of items returned. */
export const searchAllSchema = v.strictObject({
  query: v.string(),
  types: v.array(v.picklist(SEARCH_TYPES)),
  topResult: v.nullable(topResult),
  total: count,
  tracks: v.array(searchTrackSchema),
  artists: v.array(searchArtistSchema),
  albums: v.array(searchAlbumSchema),
  playlists: v.array(searchPlaylistSchema),
});
export type SearchAllBody = v.InferOutput<typeof searchAllSchema>;
