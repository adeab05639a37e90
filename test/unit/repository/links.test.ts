/**
 * The README and docs/ stay a map that leads somewhere: every relative link and `#anchor` in
 * README.md and docs/*.md resolves, every environment variable the code reads is in
 * docs/configuration.md, and the README stays a first read (details live in docs/).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, slug } from '../../helpers/docs/links.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Every `.ts` file under a folder of the repository. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(join(ROOT, folder, name), 'utf8'));
}

describe('README and docs/', () => {
  it('every relative link names a file that exists and a heading it has', () => {
    expect(PAGES.length).toBeGreaterThan(5);
    expect(brokenLinks(ROOT, PAGES)).toEqual([]);
  });

  it('docs/configuration.md names every SLEEVE_ variable core/ and adapters/ read', () => {
    // `SLEEVE_AI_*` in a message names a family, not a variable: names ending in `_` are left out.
    const named = new Set(
      [...sources('core'), ...sources('adapters')]
        .flatMap((text) => text.match(/SLEEVE_[A-Z0-9_]+/g) ?? [])
        .filter((name) => !name.endsWith('_')),
    );
    expect(named.size).toBeGreaterThan(30);
    const configuration = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    expect([...named].filter((name) => !configuration.includes(`\`${name}\``))).toEqual([]);
  });

  it('cite no document the repository does not hold: no section numbers of the interface, no "the spec" (issue #44)', () => {
    const cited = PAGES.flatMap((page) =>
      readFileSync(join(ROOT, page), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /§\s*\d|\b(the|interface) spec\b/i.test(line) ? [`${page}:${i + 1}: ${line.slice(0, 120)}`] : [],
        ),
    );
    expect(cited).toEqual([]);
  });

  it('the README is at most 300 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });
});

describe('the link check', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('More music endpoints (D21, 4.21)')).toBe('more-music-endpoints-d21-421');
    expect(slug('`POST /batch` (D6)')).toBe('post-batch-d6');
    expect(slug("Where Deezer's data differs")).toBe('where-deezers-data-differs');
    expect([...anchorsOf('# A\n## Notes\n```sh\n# not a heading\n```\n### Notes\n')]).toEqual([
      'a',
      'notes',
      'notes-1',
    ]);
  });

  it('finds a planted missing file, a missing anchor and an anchor on the same page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sleeve-links-'));
    try {
      writeFileSync(
        join(dir, 'a.md'),
        [
          '# Page A',
          '## Here',
          '',
          'Fine: [b](b.md), [b there](b.md#there), [here](#here), [web](https://example.com/x.md), `[code](gone.md)`.',
          'Broken: [gone](gone.md), [b nowhere](b.md#nowhere), [not here](#nowhere).',
          '```md',
          '[in a block](gone-too.md)',
          '```',
          '',
        ].join('\n'),
      );
      writeFileSync(join(dir, 'b.md'), '# Page B\n\n## There\n');
      expect(brokenLinks(dir, ['a.md', 'b.md']).map((link) => link.target)).toEqual([
        'gone.md',
        'b.md#nowhere',
        '#nowhere',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
