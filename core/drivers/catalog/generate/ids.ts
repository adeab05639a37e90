/**
 * @module
 * Id ranges of generated records: separate ranges, so that an album id asked for as a track
 * is unknown rather than some unrelated track.
 */
export const ID_BASE: {
  readonly artist: number;
  readonly album: number;
  readonly track: number;
  readonly playlist: number;
} = {
  artist: 1_000,
  album: 10_000_000,
  track: 100_000_000,
  playlist: 900_000_000,
};
