/**
 * Every file a comment names, and every file or folder a layer rule names, exists: a comment
 * that points at a file renamed long ago sends a reader looking for nothing, and a layer rule
 * on a path that is gone guards nothing while reading as if it did.
 *
 * A comment's name is checked when it ends in `.ts`, `.mjs` or `.md` (source and docs); built
 * files (`dist/`, `.js`) and URL paths (`openapi.json`) are names of something else. A name
 * may be written from any folder (`kit/call/call.ts`, `schedule.ts`): it stands when some file
 * of the tree ends with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const FOLDERS = ['core', 'adapters', 'client', 'replay', 'scripts', 'bench', 'test', 'examples'];
const SKIPPED = /(^|\/)(node_modules|dist|\.data)(\/|$)/;

function filesUnder(folder: string): string[] {
  return (readdirSync(join(ROOT, folder), { recursive: true }) as string[])
    .map((file) => `${folder}/${file.split('\\').join('/')}`)
    .filter((file) => !SKIPPED.test(file));
}

const TREE = [...[...FOLDERS, 'docs'].flatMap(filesUnder), ...readdirSync(ROOT).filter((name) => name.includes('.'))];
const SOURCES = TREE.filter((file) => /\.(ts|mjs)$/.test(file) && !file.endsWith('.d.ts'));

/** A name in a comment: a word of path characters ending in a source or docs extension, not part of a URL. */
const NAMED = /(?<![\w@/.:-])((?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:ts|mjs|md))(?![\w/])/g;

const exists = (name: string) => TREE.some((file) => file === name || file.endsWith(`/${name}`));

/** The lines of a file that are comments: `//`, or inside a block comment. */
function commentLines(text: string): [number, string][] {
  const lines: [number, string][] = [];
  let inBlock = false;
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (!inBlock && trimmed.startsWith('/*')) inBlock = true;
    if (inBlock || trimmed.startsWith('//')) lines.push([index + 1, trimmed]);
    if (inBlock && trimmed.includes('*/')) inBlock = false;
  });
  return lines;
}

/** The alternatives a layer rule's path pattern names, its groups spelled out: `^core/(a|b)[.]ts$` → two. */
function spelledOut(pattern: string): string[] {
  const topLevel: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '(') depth++;
    else if (pattern[i] === ')') depth--;
    else if (pattern[i] === '|' && depth === 0) {
      topLevel.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  topLevel.push(pattern.slice(start));
  return topLevel.flatMap((alternative) => {
    const group = /\(([^()]*)\)/.exec(alternative);
    if (!group) return [alternative];
    const [before, after] = [alternative.slice(0, group.index), alternative.slice(group.index + group[0].length)];
    const inner = group[1] ?? '';
    // A lookahead (`(?!kit/)`) narrows the names around it and names nothing itself.
    if (inner.startsWith('?')) return spelledOut(before + after);
    return inner.split('|').flatMap((choice) => spelledOut(before + choice + after));
  });
}

interface Rule {
  name: string;
  from?: { path?: string; pathNot?: string };
  to?: { path?: string; pathNot?: string };
}

describe('named paths', () => {
  it('every file a comment names exists', () => {
    const missing = SOURCES.flatMap((file) =>
      commentLines(readFileSync(join(ROOT, file), 'utf8')).flatMap(([line, text]) =>
        [...text.matchAll(NAMED)]
          .map((m) => m[1] ?? '')
          .filter((name) => !exists(name))
          .map((name) => `${file}:${line} ${name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('every file and folder a layer rule names exists', async () => {
    const config = await import(pathToFileURL(join(ROOT, '.dependency-cruiser.mjs')).href);
    const rules = (config.default as { forbidden: Rule[] }).forbidden;
    const patterns = rules.flatMap((rule) =>
      [rule.from?.path, rule.from?.pathNot, rule.to?.path, rule.to?.pathNot]
        .filter((p): p is string => typeof p === 'string')
        .flatMap(spelledOut)
        .map((alternative) => [rule.name, alternative] as const),
    );
    const unmatched = patterns
      .filter(([, alternative]) => alternative.startsWith('^'))
      .filter(([, alternative]) => !TREE.some((file) => new RegExp(alternative).test(file)))
      .map(([name, alternative]) => `${name}: ${alternative}`);
    expect(patterns.length).toBeGreaterThan(20);
    expect(unmatched).toEqual([]);
  });

  it('spells a rule out group by group', () => {
    expect(spelledOut('^core/(routes|http)/|^core/(index|create)[.]ts$')).toEqual([
      '^core/routes/',
      '^core/http/',
      '^core/index[.]ts$',
      '^core/create[.]ts$',
    ]);
    expect(spelledOut('^core/drivers/(?!kit/|contracts/)[^/]+/')).toEqual(['^core/drivers/[^/]+/']);
  });
});
