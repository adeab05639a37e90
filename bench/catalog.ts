/**
 * @module
 * `npm run bench:catalog [-- sizes...]`: for 10k, 100k and 1M tracks, the generation time,
 * the load-and-index time of the generated file, RSS after load, and p50/p99 of 1,000 mixed
 * searches through the music source (tracks with typos and prefixes, artists, albums). Each
 * step runs in a fresh child process, so RSS is that of a server holding that catalogue; the
 * file is loaded the way `SLEEVE_CATALOG` loads it (`adapters/launch/start.ts`, reading as
 * `npm start` does), so load time includes reading it, and RSS counts what the service keeps.
 * Not a test: numbers depend on the machine and on whatever else runs on it.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from '../adapters/launch/start.ts';
import type { SleeveOptions } from '../core/index.ts';
import { generateCatalog } from '../core/drivers/catalog/generate/index.ts';
import { createCatalogDrivers } from '../core/drivers/catalog/index.ts';
import { PreparedCatalog } from '../core/drivers/catalog/loaded.ts';
import { catalogLines } from '../core/drivers/catalog/generate/write.ts';
import { benchQueries, percentile } from './search/search-queries.ts';

const fileFor = (size: number): string => join(tmpdir(), `sleeve-bench-${size}.jsonl`);
const seconds = (ms: number): number => +(ms / 1000).toFixed(1);

async function generate(size: number): Promise<object> {
  const started = performance.now();
  const data = generateCatalog({ tracks: size, seed: 'bench' });
  const genMs = performance.now() - started;
  const out = createWriteStream(fileFor(size));
  for (const line of catalogLines(data)) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return {
    genS: seconds(genMs),
    writeS: seconds(performance.now() - started - genMs),
    fileMB: Math.round(statSync(fileFor(size)).size / 1048576),
  };
}

/** Start-up as `SLEEVE_CATALOG=<file> npm start` runs it, up to the options it would serve with. */
async function startWith(file: string): Promise<SleeveOptions> {
  let served: SleeveOptions | undefined;
  await start({
    name: 'bench',
    env: { SLEEVE_CATALOG: file },
    readFile: async (path) => {
      const bytes = await readFile(path);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    serve: async (options) => {
      served = options;
      return { url: 'bench', mode: 'demo', storage: 'memory' };
    },
    exit: (code) => process.exit(code),
  });
  return served!;
}

async function load(size: number): Promise<object> {
  const started = performance.now();
  const { catalog } = await startWith(fileFor(size));
  const loadMs = performance.now() - started;
  if (!(catalog instanceof PreparedCatalog)) throw new Error('start-up did not prepare the catalogue');
  // A collected ArrayBuffer's memory is freed off the main thread, a moment later: wait for it
  // (the file's bytes, half a gigabyte at 1M), so RSS is what the service goes on holding.
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  globalThis.gc?.();
  const rssMB = Math.round(process.memoryUsage().rss / 1048576);
  const { music } = createCatalogDrivers({ catalog });
  const data = catalog.loaded.store.data;
  const tracks = benchQueries(data, 600);
  const calls: (() => Promise<unknown>)[] = [
    ...tracks.map((q) => () => music.searchTracks(q.text, { limit: 10 })),
    ...data.artists
      .slice(0, 200)
      .map((a, i) => () => music.searchArtists(i % 2 ? a.name : a.name.toLowerCase().slice(0, -1), { limit: 10 })),
    ...data.albums.slice(0, 200).map((a) => () => music.searchAlbums(a.title, { limit: 10 })),
  ];
  const times: number[] = [];
  for (const call of calls) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    loadS: seconds(loadMs),
    rssMB,
    heapMB: Math.round(process.memoryUsage().heapUsed / 1048576),
    p50ms: +percentile(times, 50).toFixed(2),
    p99ms: +percentile(times, 99).toFixed(2),
  };
}

/** A step in a fresh process; its answer is the last line it prints (start-up prints its own before). */
function inChild(step: 'generate' | 'load', size: number): Record<string, number> {
  const file = fileURLToPath(import.meta.url);
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', ...process.execArgv, file, '--child', step, String(size)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

if (process.argv[2] === '--child') {
  const size = Number(process.argv[4]);
  console.log(JSON.stringify(process.argv[3] === 'generate' ? await generate(size) : await load(size)));
} else {
  const sizes = process.argv.slice(2).map(Number);
  console.log(
    '| tracks | generate s | write s | file MB | load+index s | RSS after load MB | heap MB | search p50 ms | search p99 ms |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const size of sizes.length ? sizes : [10_000, 100_000, 1_000_000]) {
    const g = inChild('generate', size);
    const l = inChild('load', size);
    console.log(
      `| ${size.toLocaleString('en-US')} | ${g.genS} | ${g.writeS} | ${g.fileMB} | ${l.loadS} | ${l.rssMB} | ${l.heapMB} | ${l.p50ms} | ${l.p99ms} |`,
    );
    rmSync(fileFor(size), { force: true });
  }
}
