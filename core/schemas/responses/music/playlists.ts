/** @module Schemas of the playlist variants, and their types (inferred, never restated). */
import * as v from 'valibot';
import { count, cover, id, score } from '../common.ts';
import { relatedTrackSchema } from './tracks.ts';

/** `creator` is the creator's display name, in every variant. */
export const playlistResultSchema = v.strictObject({
  id,
  title: v.string(),
  trackCount: count,
  cover,
  creator: v.string(),
});
export type PlaylistResult = v.InferOutput<typeof playlistResultSchema>;

export const searchPlaylistSchema = v.strictObject({
  id,
  title: v.string(),
  cover,
  trackCount: count,
  creator: v.string(),
  public: v.boolean(),
  score,
});
export type SearchPlaylist = v.InferOutput<typeof searchPlaylistSchema>;

/** `/playlist/info` (D11): the whole playlist with its tracks as related-track objects. */
export const playlistInfoSchema = v.strictObject({
  id,
  title: v.string(),
  description: v.string(),
  cover,
  trackCount: count,
  duration: count,
  creator: v.string(),
  public: v.boolean(),
  fans: count,
  tracks: v.array(relatedTrackSchema),
});
export type PlaylistInfo = v.InferOutput<typeof playlistInfoSchema>;

/** `/playlist/generate`: `params` echoes the filters, null when omitted. */
export const generatedPlaylistSchema = v.strictObject({
  playlist: v.pipe(v.string(), v.endsWith(' Mix')),
  params: v.strictObject({ genres: v.string(), energy: v.nullable(v.number()), tempo: v.nullable(v.number()) }),
  trackCount: count,
  tracks: v.array(relatedTrackSchema),
});
export type GeneratedPlaylist = v.InferOutput<typeof generatedPlaylistSchema>;
