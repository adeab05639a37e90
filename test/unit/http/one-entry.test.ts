/**
 * One way into core (D70, issue #65): every runtime, Node too, hands a request to
 * `sleeve.fetch` and nothing else. The hit path is core's own detail, asked by `fetch`: no
 * second entry (`answerHit`), no field an adapter leaves for core (`sleeveLookup`), no map of
 * what the hit path found keyed by a runtime's request. The behaviour on Node is checked over a
 * socket (`test/integration/adapters/node-hits.test.ts`); this checks the sources, so a second way in does
 * not come back unseen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** Every TypeScript file under a folder of the repository, by its path there. */
function sources(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(ROOT.length + 1), readFileSync(path, 'utf8'));
  }
  return files;
}

/** The names of the second entry and of what it left for the first. */
const SECOND_ENTRY = /\b(?:answerHit|hitParts|sleeveLookup|askedBefore|nodeHits)\b/;

/** A map or mark keyed by a Node request (the upgrade listener's went with D71 too). */
const KEYED_BY_REQUEST = /\b(?:Weak)?(?:Map|Set)<\s*(?:IncomingMessage|ServerResponse|Request)\b/;

describe('one way into core', () => {
  it('a Sleeve has fetch, and no second entry beside it', () => {
    const sleeve = createSleeve({ rateLimits: 'off' });
    expect(typeof sleeve.fetch).toBe('function');
    expect('answerHit' in sleeve).toBe(false);
  });

  it('no source in core or the adapters names a second entry, or what it left for fetch', () => {
    const named = [...sources('core'), ...sources('adapters')].filter(([, text]) => SECOND_ENTRY.test(text));
    expect(named.map(([path]) => path)).toEqual([]);
  });

  it('the Node adapter keeps no map keyed by a request', () => {
    const keyed = [...sources('adapters/node')].filter(([, text]) => KEYED_BY_REQUEST.test(text));
    expect(keyed.map(([path]) => path)).toEqual([]);
  });
});
