/** @module Spec §2.5: schemas of the playlist variants. */
import * as v from 'valibot';
import type { GeneratedPlaylist } from '../../shape/generated.ts';
import type { PlaylistInfo, PlaylistResult, SearchPlaylist } from '../../shape/playlist.ts';
import { count, cover, id, score } from './common.ts';
import { relatedTrackSchema } from './tracks.ts';

export const playlistResultSchema: v.GenericSchema<PlaylistResult> = v.strictObject({
  id, title: v.string(), trackCount: count, cover, creator: v.string(),
});

export const searchPlaylistSchema: v.GenericSchema<SearchPlaylist> = v.strictObject({
  id, title: v.string(), cover, trackCount: count, creator: v.string(), public: v.boolean(), score,
});

/** D11: `/playlist/info`. */
export const playlistInfoSchema: v.GenericSchema<PlaylistInfo> = v.strictObject({
  id, title: v.string(), description: v.string(), cover, trackCount: count, duration: count, creator: v.string(),
  public: v.boolean(), fans: count, tracks: v.array(relatedTrackSchema),
});

/** Spec §4.16. */
export const generatedPlaylistSchema: v.GenericSchema<GeneratedPlaylist> = v.strictObject({
  playlist: v.pipe(v.string(), v.endsWith(' Mix')),
  params: v.strictObject({ genres: v.string(), energy: v.nullable(v.number()), tempo: v.nullable(v.number()) }),
  trackCount: count, tracks: v.array(relatedTrackSchema),
});
