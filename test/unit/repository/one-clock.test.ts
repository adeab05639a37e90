/**
 * One clock (issue #65): in core, time is read and waited for only through the Sleeve's clock
 * (`core/drivers/kit/clock.ts`), so a test moves time instead of waiting for it. Any other read
 * of the runtime's time fails here, but for the few sites below, each with why it may stay.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** What reads or waits on the runtime's time: a call or a reference (`options.now ?? Date.now`). */
const REAL_TIME = /\b(?:Date\.now|performance\.now|setTimeout|setInterval)\b|\bnew Date\(\s*\)/g;

/** The sites allowed to touch real time, by file and by what they touch, with why. */
const ALLOWED: Record<string, { reads: string[]; why: string }> = {
  'drivers/kit/clock.ts': { reads: ['Date.now', 'setTimeout'], why: 'the system clock itself' },
  'http/layers/observe.ts': {
    reads: ['performance.now'],
    why: "measures a request's duration for its log line and metrics; drives no wait or deadline",
  },
  'http/hit/hit-path.ts': {
    reads: ['performance.now'],
    why: "measures a cache hit's duration for the metrics; drives no wait or deadline",
  },
  'routes/batch.ts': {
    reads: ['performance.now'],
    why: "measures each sub-request's `elapsedMs` the batch answer reports; drives no wait or deadline",
  },
  'status/script.ts': { reads: ['setTimeout'], why: "the status page's script: it runs in the reader's browser" },
  'drivers/catalog/loaded.ts': {
    reads: ['setTimeout'],
    why: 'a zero-delay yield so createSleeve returns before the catalogue is built; no time is waited',
  },
  'storage/fs-storage.ts': {
    reads: ['Date.now'],
    why: "the `now` of an fs: storage built without a Sleeve (`storageFromSpec`); a Sleeve passes its clock's",
  },
  'storage/deno-kv.ts': {
    reads: ['setTimeout'],
    why: "a Deno KV call's bound and the locked database's retry pause: storage is built apart from a Sleeve, and may not import the kit",
  },
  'storage/deno-kv-counters.ts': {
    reads: ['setTimeout'],
    why: "a contended counter's spread-out retry pause: as deno-kv.ts",
  },
};

/** The source with its comments blanked: a comment naming `Date.now()` reads no time. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function realTimeReads(): string[] {
  const found: string[] = [];
  const core = join(ROOT, 'core');
  for (const file of readdirSync(core, { recursive: true }) as string[]) {
    // The embedded assets are generated (`npm run assets`): a browser bundle and binaries, not Sleeve's code.
    if (!file.endsWith('.ts') || file.startsWith('installed/embedded/')) continue;
    const allowed = ALLOWED[file]?.reads ?? [];
    for (const read of code(readFileSync(join(core, file), 'utf8')).match(REAL_TIME) ?? [])
      if (!allowed.includes(read)) found.push(`core/${file}: ${read}`);
  }
  return found;
}

describe('one clock', () => {
  it('no file under core/ but the system clock reads or waits on real time, the listed measuring sites aside', () => {
    expect(realTimeReads()).toEqual([]);
  });

  it('every allowed site still reads what it is allowed (a stale entry would hide a new read)', () => {
    for (const [file, { reads }] of Object.entries(ALLOWED)) {
      const text = code(readFileSync(join(ROOT, 'core', file), 'utf8'));
      for (const read of reads) expect(text.includes(read), `core/${file}: ${read}`).toBe(true);
    }
  });
});
