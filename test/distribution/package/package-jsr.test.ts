/**
 * JSR (issue 25): `deno publish --dry-run` is what JSR runs on upload. It must pass with no
 * error and no warning, without `--allow-slow-types` (every type in the published API written
 * out), and ship only what a user runs: the three source folders, README, LICENSE, deno.json.
 * Offline: Deno reads the npm packages from node_modules (deno.json: nodeModulesDir manual).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../../helpers/child-server.ts';

describe('JSR package', () => {
  it('passes deno publish --dry-run with no slow types, and ships only core/, adapters/, client/ and the package files', () => {
    const run = spawnSync(`${BIN}deno`, ['publish', '--dry-run', '--allow-dirty'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 120_000,
    });
    const out = `${run.stdout}${run.stderr}`;
    expect(out, out).not.toMatch(/^(error|warning)\b/m);
    expect(run.status, out).toBe(0);
    expect(out).toContain('Success Dry run complete');
    const files = [...out.matchAll(/file:\/\/(\S+) \(/g)].map((m) => m[1]!.slice(ROOT.length));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(file).toMatch(/^((core|adapters|client)\/.+\.ts|README\.md|LICENSE|deno\.json)$/);
    for (const entry of [
      'core/index.ts',
      'adapters/node/index.ts',
      'adapters/bun/index.ts',
      'adapters/deno/index.ts',
      'adapters/vercel/index.ts',
      'adapters/workers/index.ts',
      'adapters/deno-deploy/index.ts',
      'client/index.ts',
      'LICENSE',
    ]) {
      expect(files).toContain(entry);
    }
    // D38: the copies of the asset files, which git ignores, travel with the code on JSR.
    for (const embedded of [
      'core/installed/embedded/swagger-ui-dist.ts',
      'core/installed/embedded/card-fonts.ts',
      'core/installed/embedded/card-wasm.ts',
    ])
      expect(files).toContain(embedded);
  }, 150_000);
});
