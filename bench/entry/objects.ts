/**
 * @module
 * `npm run bench:entry`: what the objects of one way into core cost a cache hit on Node, in
 * instructions (valgrind's callgrind), against the view and parts Node's adapter-known hit path
 * built before issue #65 (`objects-loop.ts` says what each shape builds). Each shape is counted
 * at 0 and at `BENCH_HITS` hits, and the difference divided: start-up and the loader cancel
 * out. A hit on Node is some 97k instructions (`npm run bench:instructions`); what the two web
 * objects cost beyond it is the least any single `(Request) => Response` entry adds to a hit.
 *
 * Knobs: BENCH_HITS=200000  BENCH_HIT_INSTRUCTIONS=96700 (a hit of the checkout compared against,
 * for the ratio printed: its `bench:instructions` count).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireValgrind } from '../harness/valgrind.ts';

const HITS = Number(process.env.BENCH_HITS ?? 200_000);
const HIT = Number(process.env.BENCH_HIT_INSTRUCTIONS ?? 96_700);
const LOOP = join(import.meta.dirname, 'objects-loop.ts');

requireValgrind();
const out = mkdtempSync(join(tmpdir(), 'sleeve-entry-'));

/** The instructions of one run of the loop, every thread's (callgrind's own total). */
function counted(shape: string, hits: number): number {
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${join(out, 'cg.%p')}`,
      'node',
      '--import',
      'tsx',
      LOOP,
      String(hits),
      shape,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const total = /Collected : (\d+)/.exec(run.stderr)?.[1];
  if (total === undefined) throw new Error(`callgrind gave no count for ${shape}:\n${run.stderr.slice(-2000)}`);
  return Number(total);
}

/** Instructions a hit of one shape: the loop's count at `HITS` less its count at none. */
function perHit(shape: string): number {
  return (counted(shape, HITS) - counted(shape, 0)) / HITS;
}

try {
  const view = perHit('view');
  const web = perHit('web');
  const extra = web - view;
  const k = (n: number) => `${(n / 1000).toFixed(2)}k`;
  console.log(`| shape | instructions a hit |\n|---|---|`);
  console.log(`| view and parts (the adapter-known hit path) | ${k(view)} |`);
  console.log(`| lazy Request and lightweight Response (one entry) | ${k(web)} |`);
  console.log(`\nThe two web objects add ${k(extra)} a hit.`);
  console.log(
    `Against a hit of ${k(HIT)}: at best ${(HIT / (HIT + extra)).toFixed(3)} of its speed with nothing else added; ` +
      `0.97 leaves ${k(HIT / 0.97 - HIT)} for everything an entry adds, ${((extra / (HIT / 0.97 - HIT)) * 100).toFixed(0)}% of it taken by these two.`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
