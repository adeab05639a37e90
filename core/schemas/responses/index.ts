/** @module Every response schema of spec §2 and §4, in one import for tests and `/openapi.json`. */
export * from './albums.ts';
export * from './artists.ts';
export * from './common.ts';
export * from './full-track.ts';
export * from './genres.ts';
export * from './playlists.ts';
export * from './radio.ts';
export * from './search.ts';
export * from './tracks.ts';
export * from './resolve.ts';
export * from './service.ts';
export * from './suggest.ts';
