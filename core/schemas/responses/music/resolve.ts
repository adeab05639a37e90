/** @module The `/resolve` body's schema and type (inferred); `data` has the shape its `type` names. */
import * as v from 'valibot';
import { fullAlbumSchema } from './albums.ts';
import { fullArtistSchema } from './artists.ts';
import { infoTrackSchema } from './full-track.ts';
import { playlistInfoSchema } from './playlists.ts';

const source = v.picklist(['spotify', 'deezer', 'apple-music', 'youtube-music', 'soundcloud']);
const entry = <T extends string, D extends v.GenericSchema>(type: T, data: D) =>
  v.strictObject({ type: v.literal(type), source, originalUrl: v.string(), data });

export const resolveSchema = v.variant('type', [
  entry('track', infoTrackSchema),
  entry('album', fullAlbumSchema),
  entry('artist', fullArtistSchema),
  entry('playlist', playlistInfoSchema),
]);
