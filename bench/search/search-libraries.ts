/**
 * @module
 * `npx tsx bench/search/search-libraries.ts [sizes...]`: MiniSearch vs FlexSearch vs Orama on the
 * catalogue's track search (title + credited artists, folded), each library and size in a
 * fresh child process so that memory figures are its own. Prints index build time, heap
 * growth and RSS, p50/p99 over 1,000 mixed queries (`bench/search/search-queries.ts`; a slow library
 * stops after 90 s of querying), and recall@10 of the intended track.
 * Results of the run the choice was made on: `bench/search/search-libraries.md`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Index as FlexIndex } from 'flexsearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { searchTerms } from '../../core/text/terms.ts';
import { generateCatalog } from '../../core/drivers/catalog/generate/index.ts';
import { createTextIndex } from '../../core/drivers/catalog/search/text-index.ts';
import MiniSearch from 'minisearch';
import { benchQueries, percentile } from './search-queries.ts';

type Search = (query: string) => number[] | Promise<number[]>;
interface Doc {
  id: number;
  name: string;
  extra: string;
  popularity: number;
}

const LIBRARIES: Record<string, (docs: Doc[]) => Promise<Search>> = {
  // Production: core/drivers/catalog/search/text-index.ts. It was FlexSearch strict + vocabulary
  // correction when bench/search/search-libraries.md was measured; since D33 (#13) it is Sleeve's own
  // popularity-ordered word lists + the same vocabulary.
  'sleeve-index': async (docs) => {
    const index = createTextIndex(docs);
    return (q) => index.search(q, 10);
  },
  // The best MiniSearch setup tried: exact words first, fuzzy (1 edit, 2 from 7 letters) only when that finds nothing.
  minisearch: async (docs) => {
    const index = new MiniSearch<Doc>({
      fields: ['name', 'extra'],
      storeFields: [],
      tokenize: searchTerms,
      processTerm: (t) => t,
    });
    index.addAll(docs);
    const prefix = (term: string, i: number, all: string[]): boolean => i === all.length - 1 && term.length >= 2;
    const run = (q: string, fuzzy: boolean, combineWith: 'AND' | 'OR') =>
      index.search(q, {
        combineWith,
        boost: { name: 2 },
        prefix,
        maxFuzzy: 2,
        fuzzy: fuzzy ? (t) => (t.length >= 7 ? 2 : t.length >= 4 ? 1 : 0) : false,
      });
    return (q) => {
      let results = run(q, false, 'AND');
      if (results.length === 0) results = run(q, true, 'AND');
      if (results.length === 0) results = run(q, true, 'OR');
      return results.slice(0, 10).map((r) => r.id as number);
    };
  },
  'flexsearch-tolerant': async (docs) => {
    const index = new FlexIndex({ tokenize: 'tolerant', encoder: 'LatinAdvanced' });
    for (const d of docs) index.add(d.id, terms(`${d.name} ${d.extra}`));
    return (q) => index.search(terms(q), { limit: 10, suggest: true }) as number[];
  },
  'flexsearch-forward': async (docs) => {
    const index = new FlexIndex({ tokenize: 'forward', encoder: 'LatinAdvanced' });
    for (const d of docs) index.add(d.id, terms(`${d.name} ${d.extra}`));
    return (q) => index.search(terms(q), { limit: 10, suggest: true }) as number[];
  },
  'flexsearch-strict': async (docs) => {
    const index = new FlexIndex({ tokenize: 'strict', encoder: 'LatinExtra' });
    for (const d of docs) index.add(d.id, terms(`${d.name} ${d.extra}`));
    return (q) => index.search(terms(q), { limit: 10, suggest: true }) as number[];
  },
  orama: async (docs) => {
    const db = create({ schema: { text: 'string', popularity: 'number' } as const });
    for (let i = 0; i < docs.length; i += 10_000) {
      await insertMultiple(
        db,
        docs
          .slice(i, i + 10_000)
          .map((d) => ({ id: String(d.id), text: terms(`${d.name} ${d.extra}`), popularity: d.popularity })),
      );
    }
    return async (q) =>
      (await oramaSearch(db, { term: terms(q), tolerance: 1, limit: 10 })).hits.map((h) => Number(h.id));
  },
};

// Every library gets the same folded terms without stop words, as the production index does.
const terms = (text: string): string => searchTerms(text).join(' ');
/** A slow library stops querying after this long; the table says how many queries it ran. */
const QUERY_BUDGET_MS = 90_000;
const mb = (bytes: number): number => Math.round(bytes / 1048576);

async function child(library: string, size: number): Promise<void> {
  const data = generateCatalog({ tracks: size, seed: 'bench' });
  const names = new Map(data.artists.map((a) => [a.id, a.name]));
  const docs = data.tracks.map((t) => ({
    id: t.id,
    name: t.title,
    extra: [t.artistId, ...t.featured].map((id) => names.get(id)).join(' '),
    popularity: t.rank,
  }));
  const queries = benchQueries(data, 1000);
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const search = await LIBRARIES[library]!(docs);
  const buildMs = performance.now() - started;
  globalThis.gc?.();
  const heapIndex = process.memoryUsage().heapUsed - heapBefore;
  const times: number[] = [];
  let found = 0;
  const deadline = performance.now() + QUERY_BUDGET_MS;
  for (const q of queries) {
    if (performance.now() > deadline) break;
    const t0 = performance.now();
    const ids = await search(q.text);
    times.push(performance.now() - t0);
    if (ids.includes(q.target)) found++;
  }
  const ran = times.length;
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      library,
      size,
      buildS: +(buildMs / 1000).toFixed(1),
      indexHeapMB: mb(heapIndex),
      rssMB: mb(process.memoryUsage().rss),
      p50ms: +percentile(times, 50).toFixed(2),
      p99ms: +percentile(times, 99).toFixed(2),
      recallAt10: +(found / ran).toFixed(3),
      queries: ran,
    }),
  );
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]!, Number(process.argv[4]));
} else {
  const sizes = process.argv.slice(2).map(Number);
  const file = fileURLToPath(import.meta.url);
  console.log(
    '| library | tracks | build s | index heap MB | RSS MB | p50 ms | p99 ms | recall@10 | queries |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const size of sizes.length ? sizes : [100_000, 1_000_000]) {
    for (const library of process.env.LIBS?.split(',') ?? Object.keys(LIBRARIES)) {
      try {
        const out = execFileSync(
          process.execPath,
          ['--expose-gc', '--max-old-space-size=8192', ...process.execArgv, file, '--child', library, String(size)],
          { encoding: 'utf8', timeout: 900_000, stdio: ['ignore', 'pipe', 'ignore'] },
        );
        const r = JSON.parse(out.trim().split('\n').at(-1)!);
        console.log(
          `| ${library} | ${size} | ${r.buildS} | ${r.indexHeapMB} | ${r.rssMB} | ${r.p50ms} | ${r.p99ms} | ${r.recallAt10} | ${r.queries} |`,
        );
      } catch (error) {
        console.log(`| ${library} | ${size} | failed: ${String((error as Error).message).split('\n')[0]} |`);
      }
    }
  }
}
