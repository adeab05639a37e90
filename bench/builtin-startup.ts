/**
 * @module
 * `npm run bench:builtin [-- runs]`: start-up of the built-in demo catalogue (D18) as the first
 * request pays it: importing the generator, generating 20,000 tracks from `sleeve-demo`, and
 * indexing them. Each run is a fresh process (module loading and a cold JIT are part of
 * start-up); prints each run's split and the medians. To compare two checkouts, run it in
 * both, alternating, or time the child command with `/usr/bin/time -v`.
 * Not a test: numbers depend on the machine and on whatever else runs on it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Split {
  importMs: number;
  generateMs: number;
  indexMs: number;
  totalMs: number;
}

async function once(): Promise<Split> {
  const t0 = performance.now();
  const { generateCatalog } = await import('../core/drivers/catalog/generate/index.ts');
  const { BUILTIN, indexCatalog } = await import('../core/drivers/catalog/loaded.ts');
  const t1 = performance.now();
  const data = generateCatalog({ tracks: BUILTIN.tracks, seed: BUILTIN.seed });
  const t2 = performance.now();
  indexCatalog(data);
  const t3 = performance.now();
  return {
    importMs: Math.round(t1 - t0),
    generateMs: Math.round(t2 - t1),
    indexMs: Math.round(t3 - t2),
    totalMs: Math.round(t3 - t0),
  };
}

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(await once()));
} else {
  const runs = Number(process.argv[2] ?? 7);
  const file = fileURLToPath(import.meta.url);
  const splits: Split[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [...process.execArgv, file, '--child'], { encoding: 'utf8' });
    splits.push(JSON.parse(out.trim().split('\n').at(-1)!));
    console.log(`run ${i + 1}: ${JSON.stringify(splits.at(-1))}`);
  }
  const median = (key: keyof Split) => splits.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(runs / 2)];
  console.log(
    `median of ${runs}: import ${median('importMs')} ms, generate ${median('generateMs')} ms, index ${median('indexMs')} ms, total ${median('totalMs')} ms`,
  );
}
