/**
 * The public `sources` option is mapped to drivers once, at the entry: what an embedder passes is
 * what `deps.drivers` holds, and the old name `deps.sources` still reads the same record (D46).
 */
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import type { LyricsDriver } from '../../../core/drivers/contracts/lyrics.ts';

const quiet = { info() {}, error() {} };

describe('the sources option', () => {
  it("is what deps.drivers holds, and deps.sources is drivers' old name for the same record", () => {
    const lyrics = { name: 'mine' } as unknown as LyricsDriver;
    const sleeve = createSleeve({ storage: 'memory', log: quiet, sources: { lyrics } });
    expect(sleeve.deps.drivers.lyrics).toBe(lyrics);
    expect(sleeve.deps.sources).toBe(sleeve.deps.drivers);
  });
});
