/**
 * A fresh `npm ci` prints no warning (issue #37): besides install scripts (`install-scripts.test.ts`),
 * npm warns `EBADENGINE` for every package whose `engines.node` the running Node does not meet.
 * Read from the lockfile, which is what `npm ci` installs: each package's range must hold on
 * the oldest release of every Node line the package supports (`engines` in package.json), so a
 * dependency that drops Node 20 fails here rather than in a user's terminal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/child-server.ts';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The oldest release of each line `range` admits (`^20.19.0 || >=22.13.0` → 20.19.0, 22.13.0). */
function oldestOfEachLine(range: string): string[] {
  return range.split('||').map((part) => semver.minVersion(part.trim())!.version);
}

describe('engines of what npm ci installs', () => {
  const supported = oldestOfEachLine(pkg.engines.node);

  it('package.json names the Node lines Sleeve supports', () => {
    expect(supported).toEqual(['20.19.0', '22.13.0']);
  });

  it('every locked package runs on the oldest supported release of each line', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
      if (path === '' || range === undefined) continue;
      for (const node of supported)
        if (!semver.satisfies(node, range)) refused.push(`${path}@${entry.version}: node ${range}, not ${node}`);
    }
    expect(refused).toEqual([]);
  });

  it('catches a package that wants a newer Node', () => {
    expect(semver.satisfies('20.19.0', '>=22')).toBe(false);
  });
});
