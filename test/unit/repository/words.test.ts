/**
 * One word a concept (issue #65): what the words section of `docs/development.md` says, where a
 * test can read it in the code, so an old word does not drift back. A driver is not a *source* in
 * the services; a deferred answer is not a *completion* in a test's title; and the names that
 * once meant two or three things are declared once, in their one home.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function sourcesUnder(folder: string): string[] {
  return (readdirSync(join(ROOT, folder), { recursive: true }) as string[])
    .map((file) => `${folder}/${file.split('\\').join('/')}`)
    .filter((file) => file.endsWith('.ts') && !file.includes('node_modules'));
}

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The file's code with its comments and string literals blanked, so only identifiers are left to match. */
function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, ' ');
}

/** Where `pattern` matches in the files, as `file: match`. */
function found(files: readonly string[], pattern: RegExp, text = read): string[] {
  return files.flatMap((file) => [...text(file).matchAll(pattern)].map((m) => `${file}: ${m[0]}`));
}

describe('the words', () => {
  it('services name a driver a driver: no *Source identifier, no variable called source', () => {
    const services = sourcesUnder('core/services');
    const code = (file: string) => codeOnly(read(file));
    // `LinkSource` is the public name of a link's platform (`/resolve`'s `source`), another thing.
    expect(found(services, /\b(?!LinkSource\b)\w*[a-z]Source\b/g, code)).toEqual([]);
    expect(found(services, /\b(?:const|let|var|function)\s+source\b/g, code)).toEqual([]);
  });

  it('a test title says deferred answer, not completion (a chat completion and one while typing are theirs)', () => {
    const title = /\b(?:describe|it|test)(?:\.\w+)?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;
    const offending = sourcesUnder('test').flatMap((file) =>
      [...read(file).matchAll(title)]
        .map((m) => m[2] ?? '')
        .filter((t) => /completion/i.test(t) && !/chat|typ(?:ed|ing)/i.test(t))
        .map((t) => `${file}: ${t}`),
    );
    expect(offending).toEqual([]);
  });

  it('Answer, CallOptions, Clock, Hit and Scope are each declared once, in their one home', () => {
    const homes: Record<string, string> = {
      Answer: 'core/http/endpoint.ts',
      CallOptions: 'core/drivers/contracts/driver.ts',
      Clock: 'core/drivers/kit/clock.ts',
    };
    const declared = found(
      sourcesUnder('core'),
      /^[ \t]*(?:export\s+)?(?:type|interface|class|enum)\s+(?:Answer|CallOptions|Clock|Hit|Scope)\b/gm,
      (file) => codeOnly(read(file)),
    );
    const home = (line: string) => {
      const [file, declaration] = line.split(': ');
      return homes[declaration?.trim().split(/\s+/).at(-1) ?? ''] === file;
    };
    expect(declared.filter((line) => !home(line))).toEqual([]);
    expect(declared.length).toBe(Object.keys(homes).length);
  });

  it("a scope is a request's: no other kind of scope is declared", () => {
    const scopes = found(
      sourcesUnder('core'),
      /^[ \t]*(?:export\s+)?(?:type|interface|class)\s+\w*Scope\w*\b/gm,
      (file) => codeOnly(read(file)),
    ).map((line) => line.split(/\s+/).at(-1));
    expect([...new Set(scopes)].sort()).toEqual(['RequestScope', 'RequestScopeInit']);
  });
});
