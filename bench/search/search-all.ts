/**
 * @module
 * `npm run bench:search -- FILE`: what `/search/all` costs on a catalogue file beyond HTTP (the
 * four ranked sections at the default limit of 5, through the music source and the ranking,
 * as a cache miss runs them): p50, p99 and max over mixed queries, and the slowest queries by
 * name. Queries: the bench's mixed track queries (exact, typo, prefix), artist names, album
 * titles, the catalogue's most common words alone and in pairs (the huge candidate sets of
 * issue #13), and one- and two-letter queries (D33). Each checkout runs in its own child process
 * (a 1M catalogue takes 1.3 GB), loading the file the way start-up does; `BENCH_BEFORE=<dir>`
 * adds another checkout (with node_modules), and the two alternate for `BENCH_ROUNDS` rounds
 * (default 2) so both see the same machine. Not a test: numbers depend on the machine.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CatalogData } from '../../core/drivers/catalog/format.ts';
import { benchQueries, percentile } from './search-queries.ts';

/** The query texts, from the data alone, so every checkout gets the same list. */
function queries(data: CatalogData): string[] {
  const names = new Map(data.artists.map((a) => [a.id, a.name]));
  const counts = new Map<string, number>();
  for (const t of data.tracks) {
    for (const w of `${t.title} ${names.get(t.artistId) ?? ''}`.toLowerCase().split(/[^\p{L}\p{N}]+/u))
      if (w.length >= 2) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const common = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 50)
    .map(([w]) => w);
  const letters = [...'abcdefghijklmnopqrstuvwxyz'];
  return [
    ...benchQueries(data, 600).map((q) => q.text),
    ...data.artists.slice(0, 200).map((a) => a.name),
    ...data.albums.slice(0, 200).map((a) => a.title),
    ...common,
    ...common.slice(0, 25).map((w, i) => `${w} ${common[(i + 7) % common.length]}`),
    ...letters,
    ...common.slice(0, 26).map((w) => w.slice(0, 2)),
  ];
}

async function child(root: string, file: string): Promise<object> {
  const index = await import(pathToFileURL(resolve(root, 'core/drivers/catalog/index.ts')).href);
  const search = await import(pathToFileURL(resolve(root, 'core/services/search/search.ts')).href);
  const bytes = await readFile(file);
  const loadStart = performance.now();
  const catalog = await index.prepareCatalog(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const loadS = +((performance.now() - loadStart) / 1000).toFixed(1);
  const { music } = index.createCatalogDrivers({ catalog });
  const texts = queries(catalog.loaded.store.data);
  const run = (q: string) => search.searchAll(music, q, 5, search.SEARCH_TYPES);
  globalThis.gc?.();
  for (const q of texts) await run(q); // warm-up: compiled code and folded-name memos, as a running server has them
  const times: [number, string][] = [];
  for (let pass = 0; pass < 2; pass++) {
    for (const q of texts) {
      const t0 = performance.now();
      await run(q);
      times.push([performance.now() - t0, q]);
    }
  }
  const sorted = times.map(([ms]) => ms).sort((a, b) => a - b);
  const slowest = [...times]
    .sort((a, b) => b[0] - a[0])
    .slice(0, 6)
    .map(([ms, q]) => `${q} ${ms.toFixed(1)}`);
  return {
    loadS,
    queries: texts.length,
    p50: +percentile(sorted, 50).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
    max: +sorted.at(-1)!.toFixed(1),
    rssMB: Math.round(process.memoryUsage().rss / 1048576),
    slowest,
  };
}

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(await child(process.argv[3]!, process.argv[4]!)));
} else {
  const file = process.argv[2];
  if (!file)
    throw new Error('usage: npm run bench:search -- FILE  (a catalogue file, e.g. from npm run catalog:generate)');
  const self = fileURLToPath(import.meta.url);
  const here = resolve(self, '../..');
  const checkouts = [
    ['this', here],
    ...(process.env['BENCH_BEFORE'] ? [['before', resolve(process.env['BENCH_BEFORE'])]] : []),
  ];
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 2);
  console.log(
    '| checkout | round | load s | queries | p50 ms | p99 ms | max ms | RSS MB | slowest (ms) |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (let round = 1; round <= rounds; round++) {
    for (const [label, root] of round % 2 ? checkouts : [...checkouts].reverse()) {
      const out = execFileSync(
        process.execPath,
        ['--expose-gc', '--max-old-space-size=8192', ...process.execArgv, self, '--child', root!, resolve(file)],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 },
      );
      const r = JSON.parse(out.trim().split('\n').at(-1)!);
      console.log(
        `| ${label} | ${round} | ${r.loadS} | ${r.queries} | ${r.p50} | ${r.p99} | ${r.max} | ${r.rssMB} | ${r.slowest.join('; ')} |`,
      );
    }
  }
}
