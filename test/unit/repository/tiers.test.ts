/**
 * The tiers are folders (`test/tiers.ts`): every test file sits in one of them, so none is left
 * out of `npm test`, and nothing else lies loose in `test/`. What keeps the unit tier in process
 * is `test/unit-guard.ts`, run before each of its files; this file is itself a unit test, so the
 * guard is in force here, and a process or a socket asked for is refused.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tierOf } from '../../tiers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(`${ROOT}${dir}`, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );

/** Beside the tiers: what tests share, the recorded answers, and screenshots the browser tests leave. */
const BESIDE = ['helpers', 'fixtures', 'artifacts'];

describe('the tiers', () => {
  it('every test file is in a tier folder', () => {
    const testFiles = files('test').filter((f) => f.endsWith('.test.ts'));
    expect(testFiles.length).toBeGreaterThan(200);
    for (const file of testFiles) expect(tierOf(file), file).toBeDefined();
  });

  it('test/ holds the tier folders, the shared ones and the two files that say what a tier is, nothing else', () => {
    const top = readdirSync(`${ROOT}test`, { withFileTypes: true });
    for (const entry of top)
      if (entry.isDirectory())
        expect(tierOf(`test/${entry.name}/x.test.ts`) ?? BESIDE.includes(entry.name), entry.name).toBeTruthy();
      else expect(['tiers.ts', 'unit-guard.ts'], entry.name).toContain(entry.name);
  });

  it('refuses a unit test a process, a server socket and a client socket', async () => {
    expect(() => spawnSync('true')).toThrow(/a unit test may not start a process/);
    expect(() => createServer().listen(0)).toThrow(/a unit test may not listen on a socket/);
    const refused = await fetch('http://127.0.0.1:65000/').catch((error: Error) => error);
    expect(String((refused as Error & { cause?: unknown }).cause)).toMatch(/a unit test may not open a socket/);
  });
});
