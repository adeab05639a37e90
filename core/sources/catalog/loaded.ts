/**
 * @module
 * A catalogue ready to serve: the store and its search indexes, built once and shared. The
 * built-in demo catalogue is memoised per seed and size, so every `createSleeve()` in a
 * process (and every test) reuses one copy; a file's catalogue is memoised per byte array, so
 * start-up can validate it (`prepareCatalog`) and the service then reuses that work.
 */
import type { CatalogData } from './format.ts';
import { generateCatalog } from './generate.ts';
import { buildSearch, type CatalogSearch } from './search.ts';
import { buildStore, type CatalogStore } from './store.ts';

export interface LoadedCatalog {
  store: CatalogStore;
  search: CatalogSearch;
}

/** The built-in catalogue: fixed seed and size, so ids and charts survive restarts (D18). */
export const BUILTIN: { readonly seed: string; readonly tracks: number } = { seed: 'sleeve-demo', tracks: 20_000 };

export function indexCatalog(data: CatalogData): LoadedCatalog {
  const store = buildStore(data);
  return { store, search: buildSearch(store) };
}

const builtins = new Map<string, Promise<LoadedCatalog>>();

export function builtinCatalog(seed: string = BUILTIN.seed, tracks: number = BUILTIN.tracks): Promise<LoadedCatalog> {
  const key = `${seed}:${tracks}`;
  let loaded = builtins.get(key);
  if (!loaded) {
    // Deferred by a task so createSleeve() returns at once; the first request waits for it.
    loaded = new Promise((resolve) => setTimeout(resolve, 0)).then(() => indexCatalog(generateCatalog({ tracks, seed })));
    builtins.set(key, loaded);
  }
  return loaded;
}
