/** `npm run catalog:generate`: byte-identical files for the same arguments, one clear line for bad ones. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../../core/drivers/catalog/parse.ts';

const dir = mkdtempSync(join(tmpdir(), 'sleeve-cli-'));
const tsx = join(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const script = join(import.meta.dirname, '../../../../scripts/catalog-generate.ts');
const run = (...args: string[]) => spawnSync(tsx, [script, ...args], { encoding: 'utf8' });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('catalog:generate', () => {
  it('writes the same bytes for the same tracks and seed, a valid file of that many tracks', () => {
    for (const name of ['a', 'b'])
      execFileSync(tsx, [script, '--tracks', '400', '--seed', 'cli', '--out', join(dir, name)], { stdio: 'ignore' });
    const a = readFileSync(join(dir, 'a'));
    expect(a.equals(readFileSync(join(dir, 'b')))).toBe(true);
    const { data } = parseCatalog(new Uint8Array(a));
    expect(data.tracks).toHaveLength(400);
    expect(data.header.seed).toBe('cli');
  });

  it('refuses a bad track count with exit code 1 and the usage', () => {
    const result = run('--tracks', 'many', '--seed', 'x', '--out', join(dir, 'c'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/--tracks must be an integer/);
    expect(result.stderr).toMatch(/usage: npm run catalog:generate/);
  });
});
