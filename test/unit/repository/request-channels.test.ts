/**
 * One value down, one outcome up (issue #65): a request's state reaches a step only from the
 * steps before it. The frame's context variables are a short list, each set in one place by a
 * layer that runs before any reader; what a step says back to the layers above it is the result
 * of their `next()` (`core/http/outcome.ts`), never a variable. And nothing is remembered per
 * request, connection, promise or context in a side table: what a request needs travels with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** The source with its comments blanked: a comment naming a key sets nothing. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sources(folder: string): [string, string][] {
  const out: [string, string][] = [];
  for (const file of readdirSync(join(ROOT, folder), { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || file.startsWith('installed/embedded/')) continue;
    out.push([`${folder}/${file}`, code(readFileSync(join(ROOT, folder, file), 'utf8'))]);
  }
  return out;
}

/**
 * Every context variable, the one file that sets it, and why each reader runs after it. The
 * frame's order (`core/frame.ts`): scope, observer, CORS, version pin, ..., parameters, cache, route.
 */
const VARIABLES: Record<string, { setIn: string; why: string }> = {
  'sleeve.scope': {
    setIn: 'core/http/layers/scope.ts',
    why: 'the first layer makes the request scope; the observer, the cache and the route read it',
  },
  'sleeve.trace': {
    setIn: 'core/http/request-trace.ts',
    why: "the observer sets the request's id and tally; errors rendered below it quote the id",
  },
  'sleeve.version': {
    setIn: 'core/http/context.ts',
    why: "a prefix's first layer pins the version (setVersion); the answers built below it read it",
  },
  'sleeve.params': {
    setIn: 'core/http/layers/params.ts',
    why: 'the parameters layer; the cache (its key) and the route read them',
  },
  'sleeve.headers': {
    setIn: 'core/http/context.ts',
    why: 'layers give the answer headers before it exists (addHeaders); whoever builds it below spreads them',
  },
};

describe('request state travels one way (issue #65)', () => {
  const all = [...sources('core'), ...sources('adapters')];

  it('the context variables are the listed ones, each set in its one file', () => {
    const sets: string[] = [];
    for (const [file, text] of all) {
      for (const match of text.matchAll(/\.set\(\s*'(sleeve\.[\w.]+)'/g)) sets.push(`${match[1]} in ${file}`);
      // A key kept in a constant would hide from the line above.
      for (const match of text.matchAll(/=\s*'(sleeve\.[a-z]+)'/g)) sets.push(`${match[1]} named in ${file}`);
    }
    const expected = Object.entries(VARIABLES).map(([key, { setIn }]) => `${key} in ${setIn}`);
    expect(sets.sort()).toEqual(expected.sort());
  });

  it('no variable is read but through its reader, in the file that sets it', () => {
    const reads: string[] = [];
    for (const [file, text] of all)
      for (const match of text.matchAll(/\.get\(\s*'(sleeve\.[\w.]+)'/g))
        if (VARIABLES[match[1]!]?.setIn !== file) reads.push(`${match[1]} read in ${file}`);
    expect(reads).toEqual([]);
  });

  it('no table keyed by a request, a connection, a promise or a context', () => {
    const PER_REQUEST =
      /\bnew\s+Weak(?:Map|Set)\s*<\s*(?:Request|IncomingMessage|ServerResponse|Socket|Context|Promise|RequestView|RequestScope|Response)\b/g;
    const found: string[] = [];
    for (const [file, text] of all) for (const match of text.matchAll(PER_REQUEST)) found.push(`${file}: ${match[0]}`);
    expect(found).toEqual([]);
  });
});
