/**
 * Global setup of `vitest.reliability.config.ts`: names a file every test file appends its
 * figures to (`RELIABILITY_FIGURES`), and prints them all as one table once the run is over.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { table, type Figures } from './_figures.ts';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'sleeve-reliability-'));
  const file = join(dir, 'figures.jsonl');
  process.env.RELIABILITY_FIGURES = file;
  const started = Date.now();
  return () => {
    let rows: Figures[] = [];
    try {
      rows = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Figures);
    } catch {}
    const order = ['fuzz', 'faults', 'redis', 'soak', 'connections'];
    rows.sort((a, b) => a.runtime.localeCompare(b.runtime) || order.indexOf(a.concern) - order.indexOf(b.concern));
    console.log(
      table(
        rows,
        `reliability figures (${process.env.RELIABILITY_SCALE ?? 'full'} scale, seed ${process.env.RELIABILITY_SEED ?? 20_261_122}, ${Math.round((Date.now() - started) / 1000)} s)`,
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
}
