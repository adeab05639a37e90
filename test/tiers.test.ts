/**
 * The tiers (`test/tiers.ts`): every test file is in exactly one, so none is left out of
 * `npm test`, and every glob of the lists names a file. What keeps the unit tier in process is
 * `test/unit-guard.ts`, run before each of its files; this file is itself a unit test, so the
 * guard is in force here, and a process or a socket asked for is refused.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DISTRIBUTION, INTEGRATION, globToRegExp } from './tiers.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(`${ROOT}${dir}`, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );
const testFiles = files('test').filter((f) => f.endsWith('.test.ts') && !f.startsWith('test/reliability/'));

describe('the tiers', () => {
  it('every test file is in at most one named tier (the rest are unit), and every glob names a file', () => {
    for (const file of testFiles) {
      const named = [DISTRIBUTION, INTEGRATION].filter((tier) => tier.some((glob) => globToRegExp(glob).test(file)));
      expect(named.length, file).toBeLessThanOrEqual(1);
    }
    for (const glob of [...DISTRIBUTION, ...INTEGRATION])
      expect(
        testFiles.some((file) => globToRegExp(glob).test(file)),
        glob,
      ).toBe(true);
  });

  it('refuses a unit test a process, a server socket and a client socket', async () => {
    expect(() => spawnSync('true')).toThrow(/a unit test may not start a process/);
    expect(() => createServer().listen(0)).toThrow(/a unit test may not listen on a socket/);
    const refused = await fetch('http://127.0.0.1:65000/').catch((error: Error) => error);
    expect(String((refused as Error & { cause?: unknown }).cause)).toMatch(/a unit test may not open a socket/);
  });
});
