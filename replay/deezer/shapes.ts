/**
 * @module
 * The JSON shapes Deezer answers per path, copied from the recordings: which fields, in
 * which order, and how much of each nested artist or album. Built answers follow them, so a
 * driver sees the same shape whether an answer was recorded or built.
 */

/** Field names in Deezer's order; a pair names a nested entity and the shape it has there. */
export type Shape = readonly (string | readonly [string, Shape])[];

const PICTURES = ['picture', 'picture_small', 'picture_medium', 'picture_big', 'picture_xl'];
const COVERS = ['cover', 'cover_small', 'cover_medium', 'cover_big', 'cover_xl'];

/** `artist` inside /artist/{id}/top items and album tracklists. */
const ARTIST_BRIEF: Shape = ['id', 'name', 'tracklist', 'type'];
/** `artist` inside search hits (search__q-Soliloquy.json). */
const ARTIST_PICTURED: Shape = ['id', 'name', 'link', ...PICTURES, 'tracklist', 'type'];
/** `album` inside track hits. */
const ALBUM_BRIEF: Shape = ['id', 'title', ...COVERS, 'md5_image', 'tracklist', 'type'];
/** `user` inside playlist hits. */
const USER: Shape = ['id', 'name', 'tracklist', 'type'];

const TRACK_HEAD = ['id', 'readable', 'title', 'title_short', 'title_version'];
const TRACK_FLAGS = ['explicit_lyrics', 'explicit_content_lyrics', 'explicit_content_cover', 'preview'];

/** /search, /search/track (search__q-Soliloquy.json). */
export const TRACK_HIT: Shape = [
  ...TRACK_HEAD,
  'link',
  'duration',
  'rank',
  ...TRACK_FLAGS,
  'md5_image',
  ['artist', ARTIST_PICTURED],
  ['album', ALBUM_BRIEF],
  'type',
];
/** /artist/{id}/top (artist-27-top.json). */
export const TOP_TRACK: Shape = [
  ...TRACK_HEAD,
  'link',
  'duration',
  'rank',
  ...TRACK_FLAGS,
  'md5_image',
  'contributors',
  ['artist', ARTIST_BRIEF],
  ['album', ALBUM_BRIEF],
  'type',
];
/** /album/{id}/tracks (album-302127-tracks.json). */
export const ALBUM_TRACK: Shape = [
  ...TRACK_HEAD,
  'isrc',
  'link',
  'duration',
  'track_position',
  'disk_number',
  'rank',
  ...TRACK_FLAGS,
  'md5_image',
  ['artist', ARTIST_BRIEF],
  'type',
];

/** /search/album (search-album__q-Daft-Punk.json). */
export const ALBUM_HIT: Shape = [
  'id',
  'title',
  'link',
  ...COVERS,
  'md5_image',
  'genre_id',
  'nb_tracks',
  'record_type',
  'tracklist',
  'explicit_lyrics',
  ['artist', ARTIST_PICTURED],
  'type',
];
/** /artist/{id}/albums (artist-27-albums.json). */
export const ARTIST_ALBUM: Shape = [
  'id',
  'title',
  'link',
  ...COVERS,
  'md5_image',
  'genre_id',
  'fans',
  'release_date',
  'record_type',
  'tracklist',
  'explicit_lyrics',
  'type',
];

/** /chart/{id}/albums (chart-106-albums.json); `position` is added where it is served. */
export const CHART_ALBUM: Shape = [
  'id',
  'title',
  'link',
  ...COVERS,
  'md5_image',
  'record_type',
  'tracklist',
  'explicit_lyrics',
  'position',
  ['artist', ARTIST_PICTURED],
  'type',
];

/** /editorial/{id}/releases (editorial-106-releases.json). */
export const EDITORIAL_RELEASE: Shape = [
  'id',
  'title',
  ...COVERS,
  'md5_image',
  'release_date',
  'tracklist',
  ['artist', ARTIST_BRIEF],
  'type',
];

/** /search/artist (search-artist__q-Daft-Punk.json). */
export const ARTIST_HIT: Shape = [
  'id',
  'name',
  'link',
  ...PICTURES,
  'nb_album',
  'nb_fan',
  'radio',
  'tracklist',
  'type',
];
/** /artist/{id} (artist-27.json). */
export const ARTIST: Shape = [
  'id',
  'name',
  'link',
  'share',
  ...PICTURES,
  'nb_album',
  'nb_fan',
  'radio',
  'tracklist',
  'type',
];

/** /search/playlist (search-playlist__q-Daft-Punk.json). */
export const PLAYLIST_HIT: Shape = [
  'id',
  'title',
  'public',
  'nb_tracks',
  'link',
  ...PICTURES,
  'checksum',
  'tracklist',
  'creation_date',
  'md5_image',
  'picture_type',
  ['user', USER],
  'type',
];
