/**
 * Each policy once (issue #65): work in flight is shared through `inFlight`
 * (core/utils/in-flight.ts) and a cool-down is kept by `createBreaker` (core/utils/breaker.ts),
 * nowhere else; a request's budget turns are counted by its scope (`countTurn`), not written by
 * whoever grants them. A map of promises or shared calls, a breaker's own state, or a write of a
 * scope's turns anywhere else in core fails here, but for the sites below, each with why it may stay.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = join(import.meta.dirname, '../../..', 'core');

/** A map (or weak map) whose values are promises or shared calls: work in flight by key. */
const IN_FLIGHT_MAP = /\b(?:Weak)?Map<[^;=]*?,\s*(?:Promise|SharedWork)</g;
/** A breaker's own state: when it opened, until when it stays down. */
const BREAKER_STATE = /\b(?:openUntil|downUntil|halfOpen)\s*[=:]/g;

/** A write of a request's turn count. */
const TURNS_WRITTEN = /\bprogress\.turns\s*(?:\+\+|\+=|=(?!=))/g;

const ALLOWED: Record<string, string> = {
  'utils/in-flight.ts': 'the one coalescer',
  'utils/breaker.ts': 'the one breaker',
  'drivers/catalog/loaded.ts':
    'a memo of catalogues built once per seed or file, kept for the process: no work in flight is forgotten there',
};

/** The source with its comments blanked: a comment naming a map is no map. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sites(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of readdirSync(CORE, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || file.startsWith('installed/embedded/') || ALLOWED[file] !== undefined) continue;
    if (pattern === TURNS_WRITTEN && file === 'drivers/kit/scope.ts') continue;
    for (const match of code(readFileSync(join(CORE, file), 'utf8')).match(pattern) ?? [])
      found.push(`core/${file}: ${match}`);
  }
  return found;
}

describe('each policy once', () => {
  it('no map of work in flight outside inFlight', () => {
    expect(sites(IN_FLIGHT_MAP)).toEqual([]);
  });

  it("no breaker's state outside createBreaker", () => {
    expect(sites(BREAKER_STATE)).toEqual([]);
  });

  it("a request's turns written by its scope alone", () => {
    expect(sites(TURNS_WRITTEN)).toEqual([]);
  });
});
