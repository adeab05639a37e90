/**
 * @module
 * The bound on what the `fs:<dir>` storage keeps on disk (`SLEEVE_FS_MB`, option `fsMb`, D60).
 * Apart from the driver (`fs-storage.ts`), which loads `node:fs` through unstorage: the
 * configuration reads these figures on every runtime, a Worker's included.
 */

/** A GiB: a cache of answers of a few KiB each, some 250,000 of them, small beside any disk. */
const DEFAULT_FS_MB = 1024;
export const MIN_FS_MB = 1;
/** A TiB. */
export const MAX_FS_MB = 1_048_576;

const MIB = 1024 * 1024;

export function fsBytes(fsMb: number = DEFAULT_FS_MB): number {
  return fsMb * MIB;
}
