/**
 * @module
 * What the demo catalogue's drivers hold before a catalogue is loaded: the built-in
 * catalogue's seed and size, and a file's catalogue once prepared. Apart from `loaded.ts`,
 * which brings the parser, the generator and the indexes, so `createSleeve` loads none of them.
 */
import type { CatalogSearch } from './search/search.ts';
import type { CatalogStore } from './store.ts';

export interface LoadedCatalog {
  store: CatalogStore;
  search: CatalogSearch;
  /** Seeds the station's programme: the file's seed, else a fixed one. */
  seed: string;
}

/** The built-in catalogue: fixed seed and size, so ids and charts survive restarts (D18). */
export const BUILTIN: { readonly seed: string; readonly tracks: number } = { seed: 'sleeve-demo', tracks: 20_000 };

/**
 * A catalogue file loaded and checked ahead of serving (`prepareCatalog`). Given as the
 * `catalog` option it serves that catalogue without the file, so the file's bytes (half a
 * gigabyte at 1M tracks) can be collected instead of living as long as the service.
 */
export class PreparedCatalog {
  readonly loaded: LoadedCatalog;
  constructor(loaded: LoadedCatalog) {
    this.loaded = loaded;
  }
}

/** What the `catalog` option takes: a file's contents, as text or bytes, or the file prepared. */
export type CatalogContents = string | Uint8Array | PreparedCatalog;
