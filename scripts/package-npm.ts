/**
 * @module
 * `npm run package`: the npm package as users get it. Builds `dist/` (`build-npm.ts`), stages
 * what is published in `out/npm/` (the built modules, README, docs/, LICENSE) with a package.json of
 * the fields a user's install reads (`PUBLISHED_FIELDS`): no scripts, so installing it runs
 * nothing and npm has no install script to warn about (the checkout's `prepare` embeds assets
 * for development), and no devDependencies. Then `npm pack out/npm`, passing on the arguments
 * given (`-- --json --pack-destination <dir>`); `npm publish out/npm` publishes the same.
 *
 * A folder of its own rather than rewriting package.json around `npm pack` (prepack and
 * postpack, as clean-package does): npm takes its lifecycle scripts from the package.json it
 * finds after prepack, so a manifest without scripts never runs the postpack that would put
 * the checkout's back. A plain `npm pack` of the checkout still builds and packs (a git
 * dependency is installed that way), with the checkout's manifest; `npm publish` there is
 * refused (`--refuse`, its prepublishOnly), saying which command publishes.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildNpm } from './build-npm.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STAGE: string = `${ROOT}out/npm/`;

/** What a published package.json carries, in this order: what installing, importing and running it read. */
export const PUBLISHED_FIELDS = [
  'name',
  'version',
  'description',
  'license',
  'repository',
  'homepage',
  'bugs',
  'type',
  'bin',
  'engines',
  'exports',
  'files',
  'dependencies',
  'peerDependencies',
  'peerDependenciesMeta',
] as const;

/**
 * The `sleeve` command as installed: the built one. The checkout's `bin` runs the sources through
 * tsx (`adapters/cli/checkout.mjs`), which an install has neither of.
 */
export const PUBLISHED_BIN = { sleeve: 'dist/adapters/cli/index.js' } as const;

/** The checkout's package.json cut to `PUBLISHED_FIELDS`, its `bin` the built command's. */
export function publishedManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    PUBLISHED_FIELDS.filter((field) => manifest[field] !== undefined).map((field) => [
      field,
      field === 'bin' ? PUBLISHED_BIN : manifest[field],
    ]),
  );
}

/** What `npm pack --json` reports of a tarball, as far as the summary reads it. */
interface PackReport {
  filename: string;
  entryCount: number;
  size: number;
  unpackedSize: number;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** One line a tarball: its name, how many files, its size packed and unpacked. */
function packSummary(reports: readonly PackReport[]): string {
  return reports
    .map(
      (r) =>
        `${r.filename}: ${r.entryCount} files, ${megabytes(r.size)} (${megabytes(r.unpackedSize)} unpacked); the list: npm run package -- --json`,
    )
    .join('\n');
}

/** Builds and stages the package in `out/npm/`; returns the folder. */
export async function stageNpm(): Promise<string> {
  await buildNpm();
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(STAGE, { recursive: true });
  const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as Record<string, unknown> & {
    files: string[];
  };
  for (const entry of manifest.files) cpSync(`${ROOT}${entry}`, `${STAGE}${entry}`, { recursive: true });
  cpSync(`${ROOT}LICENSE`, `${STAGE}LICENSE`);
  writeFileSync(`${STAGE}package.json`, `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`);
  return STAGE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--refuse') {
    console.error(
      'sleeve: publish with `npm run package && npm publish out/npm`: that package.json is the published one, without the scripts and devDependencies of this one.',
    );
    process.exit(1);
  }
  const stage = await stageNpm();
  // npm's own output is a notice line a file (hundreds): asked for as JSON, which it prints
  // without them, and summarised, unless the caller asked for the JSON (`--json` stays
  // parseable: the build logs only to stderr).
  const json = args.includes('--json');
  const out = execFileSync('npm', ['pack', stage, '--json', ...args.filter((arg) => arg !== '--json')], {
    cwd: process.cwd(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  console.log(json ? out.trimEnd() : packSummary(JSON.parse(out) as PackReport[]));
}
