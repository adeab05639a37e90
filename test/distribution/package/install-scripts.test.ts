/**
 * Issue #37, D42: `package.json`'s `allowScripts` (npm 11) decides every dependency that has
 * an install script, so a fresh `npm ci` prints no "install scripts not yet covered by
 * allowScripts" warning, and a dependency that brings a new install script fails here until
 * someone decides it. Read from the lockfile, which is what `npm ci` installs: each entry
 * marked `hasInstallScript`. Every decision also names a package that still has one, so a
 * decision outlives no package. What each decision is and why: D42 in docs/decisions.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/child-server.ts';

interface LockEntry {
  name?: string;
  version?: string;
  hasInstallScript?: boolean;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const decisions = pkg.allowScripts ?? {};

/** `node_modules/a/node_modules/@s/b` → `@s/b`; the lock's `name` when it gives one (an alias). */
function nameOf(path: string, entry: LockEntry): string {
  return entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** Every package the lock installs with an install script, as `name@version`. */
const scripted = Object.entries(lock.packages)
  .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
  .map(([path, entry]) => ({ name: nameOf(path, entry), version: entry.version ?? '' }));

/** Whether an `allowScripts` key covers a package: its bare name, or `name@v1 || v2` naming its version. */
function covers(key: string, name: string, version: string): boolean {
  if (key === name || key === `${name}@*`) return true;
  if (!key.startsWith(`${name}@`)) return false;
  return key
    .slice(name.length + 1)
    .split('||')
    .map((v) => v.trim())
    .includes(version);
}

describe('install scripts (allowScripts, D42)', () => {
  it('the lockfile is read: it has packages with install scripts', () => {
    expect(scripted.length).toBeGreaterThan(0);
  });

  it('decides every package the lockfile installs with an install script, allowed or denied', () => {
    const undecided = scripted.filter(
      ({ name, version }) => !Object.keys(decisions).some((key) => covers(key, name, version)),
    );
    expect(
      undecided.map(({ name, version }) => `${name}@${version}`),
      'decide each in package.json allowScripts (and say why in D42)',
    ).toEqual([]);
    for (const value of Object.values(decisions)) expect(typeof value).toBe('boolean');
  });

  it('decides nothing that no longer has an install script', () => {
    const stale = Object.keys(decisions).filter(
      (key) => !scripted.some(({ name, version }) => covers(key, name, version)),
    );
    expect(stale).toEqual([]);
  });

  it("allows the runtimes' binaries and denies the rest: esbuild's and workerd's optional copies and swagger-ui-dist's usage report", () => {
    expect(decisions).toEqual({ bun: true, deno: true, esbuild: false, '@scarf/scarf': false, workerd: false });
  });
});
