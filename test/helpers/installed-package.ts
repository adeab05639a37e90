/**
 * Packs a Sleeve checkout with `npm run package` and installs the tarball into a fresh project in a
 * temporary folder, as a user's `npm install sleeve` would, with no network: the project's lock
 * is the checkout's own, cut to what the package depends on (the `dev` entries left out), so
 * `npm ci --offline` takes every tarball from the npm cache `npm ci` filled, by its integrity.
 * (A plain `npm install --offline <tarball>` would need each dependency's registry metadata,
 * which `npm ci` never fetches.) Used by the npm package's tests and `bench/import.ts`.
 *
 * Run as a command (`node --import tsx test/helpers/installed-package.ts <checkout> <into>`), it
 * installs beside Sleeve the dev packages the package's tests type-check with and writes what it
 * made to `<into>/installed.json`, or why it failed to `<into>/failed.txt`: how the distribution
 * tier builds the package once, in a process of its own, for all its files
 * (test/distribution/package/_pack-once.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Installed {
  /** The fresh project: `node_modules/sleeve` and its dependencies, nothing else. */
  dir: string;
  /** What `npm pack` reported: the files it packed and their sizes, and the tarball. */
  pack: { filename: string; size: number; unpackedSize: number; files: string[]; tarball: string };
}

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  [key: string]: unknown;
}

export interface InstallOptions {
  /**
   * Packages of the checkout's own lock to install beside Sleeve as the project's dev
   * dependencies, with what they depend on (`@types/node`, as a TypeScript user has it).
   */
  devPackages?: string[];
}

/** `checkout` is a Sleeve checkout with its node_modules (`npm run package` builds it). */
export function installPacked(
  checkout: string,
  into: string = mkdtempSync(join(tmpdir(), 'sleeve-installed-')),
  options: InstallOptions = {},
): Installed {
  const packs = join(into, 'pack');
  const dir = join(into, 'project');
  mkdirSync(packs, { recursive: true });
  mkdirSync(dir, { recursive: true });
  const npm = (args: string[], cwd: string) =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  const pkg = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
    scripts: Record<string, string>;
  };
  // The published form (`scripts/package-npm.ts`, its own package.json); a plain `npm pack` for
  // an older checkout a bench compares with.
  const pack = pkg.scripts['package'] ? ['run', 'package', '--silent', '--'] : ['pack'];
  const [packed] = JSON.parse(npm([...pack, '--json', '--pack-destination', packs], checkout)) as [
    { filename: string; size: number; unpackedSize: number; files: { path: string }[] },
  ];
  const tarball = join(packs, packed.filename);
  // The command as published, which may differ from the checkout's (its `bin` runs the sources).
  const { bin } = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as {
    bin?: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(join(checkout, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const spec = `file:../pack/${packed.filename}`;
  const devDependencies = Object.fromEntries(
    (options.devPackages ?? []).map((name) => [name, String(lock.packages[`node_modules/${name}`]?.['version'])]),
  );
  const manifest = {
    name: 'sleeve-consumer',
    version: '0.0.0',
    private: true,
    type: 'module',
    dependencies: { [pkg.name]: spec },
    devDependencies,
  };
  const packages: Record<string, unknown> = {
    '': { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies, devDependencies },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      dependencies: pkg.dependencies,
      // npm ci links the commands the lock names (`npx sleeve`), not those the package.json it unpacks names.
      ...(bin ? { bin } : {}),
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && !entry.dev && !entry.devOptional) packages[path] = entry;
  }
  // The dev packages asked for, and theirs in turn (hoisted, as the checkout's lock has them).
  for (const pending = Object.keys(devDependencies); pending.length > 0; ) {
    const path = `node_modules/${pending.pop()}`;
    const entry = lock.packages[path];
    if (entry === undefined || packages[path] !== undefined) continue;
    packages[path] = { ...entry, dev: true };
    pending.push(...Object.keys((entry['dependencies'] as Record<string, string> | undefined) ?? {}));
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify(
      { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages },
      null,
      2,
    ),
  );
  npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
  return {
    dir,
    pack: {
      filename: packed.filename,
      size: packed.size,
      unpackedSize: packed.unpackedSize,
      files: packed.files.map((f) => f.path),
      tarball,
    },
  };
}

/** The dev packages the package's tests install beside Sleeve: Node's types, as a TypeScript project has them. */
const TEST_DEV_PACKAGES = ['@types/node'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [checkout, into] = process.argv.slice(2) as [string, string];
  try {
    const installed = installPacked(checkout, into, { devPackages: TEST_DEV_PACKAGES });
    // Whole or absent: its readers poll for it.
    writeFileSync(join(into, 'installed.json.part'), JSON.stringify(installed));
    renameSync(join(into, 'installed.json.part'), join(into, 'installed.json'));
  } catch (error) {
    const { message, stderr } = error as { message: string; stderr?: string };
    writeFileSync(join(into, 'failed.txt'), `${message}\n${stderr ?? ''}`);
    process.exitCode = 1;
  }
}
