/**
 * @module
 * A catalogue ready to serve: the store and its search indexes, built once and shared. The
 * built-in demo catalogue is memoised per seed and size, so every `createSleeve()` in a
 * process (and every test) reuses one copy; a file's catalogue is memoised per byte array, so
 * start-up can validate it (`prepareCatalog`) and the service then reuses that work. Once
 * loaded, nothing here holds the file's bytes: a `PreparedCatalog` stands for them.
 * Imported when a catalogue is first loaded (`catalog/index.ts`), not with Sleeve: with the
 * generator's name lists it is most of the demo's code.
 */
import { checkCatalog } from './check.ts';
import type { CatalogData } from './format.ts';
import { generateCatalog } from './generate/index.ts';
import { CatalogError, parseCatalog } from './parse.ts';
import { BUILTIN, PreparedCatalog, type CatalogContents, type LoadedCatalog } from './prepared.ts';
import { buildSearch } from './search/search.ts';
import { buildStore } from './store.ts';

export { BUILTIN, PreparedCatalog, type CatalogContents, type LoadedCatalog };

export function indexCatalog(data: CatalogData): LoadedCatalog {
  const store = buildStore(data);
  return { store, search: buildSearch(store), seed: data.header.seed ?? BUILTIN.seed };
}

const builtins = new Map<string, Promise<LoadedCatalog>>();

export function builtinCatalog(seed: string = BUILTIN.seed, tracks: number = BUILTIN.tracks): Promise<LoadedCatalog> {
  const key = `${seed}:${tracks}`;
  let loaded = builtins.get(key);
  if (!loaded) {
    // Deferred by a task so createSleeve() returns at once; the first request waits for it.
    loaded = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
      indexCatalog(generateCatalog({ tracks, seed })),
    );
    builtins.set(key, loaded);
  }
  return loaded;
}

const files = new WeakMap<Uint8Array, Promise<LoadedCatalog>>();
let lastText: { text: string; loaded: Promise<LoadedCatalog> } | undefined;

/**
 * A catalogue file's contents, parsed, checked and indexed once per byte array (or text). A
 * bad file rejects with one line: `catalogue file: line 7 (track 100000005), field isrc: ...`.
 */
export function fileCatalog(contents: CatalogContents): Promise<LoadedCatalog> {
  if (contents instanceof PreparedCatalog) return Promise.resolve(contents.loaded);
  if (typeof contents === 'string' && lastText?.text === contents) return lastText.loaded;
  const cached = typeof contents === 'string' ? undefined : files.get(contents);
  if (cached) return cached;
  const loaded = new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
    try {
      const { data, lines } = parseCatalog(contents);
      checkCatalog(data, lines);
      return indexCatalog(data);
    } catch (error) {
      if (error instanceof CatalogError) throw new CatalogError(`catalogue file: ${error.message}`);
      throw error;
    }
  });
  if (typeof contents === 'string') lastText = { text: contents, loaded };
  else files.set(contents, loaded);
  return loaded;
}
