/**
 * @module
 * `npm run assets` (also run by `npm ci`'s prepare, `npm run build:exe` and before a JSR
 * publish): writes `core/installed/embedded/`, the copies of the asset files Sleeve reads from
 * installed packages (swagger-ui-dist for `/docs`; resvg's wasm and the DejaVu fonts for PNG
 * cards), as modules a build carries with the code (D38). Each file gzip'd and in base64, one
 * module per group, so `/docs` never loads the card files and neither loads with Sleeve; the
 * cards' wasm is a group of its own, which a Worker, given the module compiled, leaves out (D47).
 * The folder is not committed: it is megabytes that change with every upgrade of those
 * packages, and this writes it again from what is installed, the same bytes every time.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PACKAGE_FILE_NAMES } from '../core/docs/assets.ts';
import { CARD_FONT_NAMES, CARD_PACKAGE_PATHS, type CardFileName } from '../core/installed/card-files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const EMBEDDED_DIR: string = join(ROOT, 'core/installed/embedded');
const require = createRequire(join(ROOT, 'package.json'));

/** `swagger-ui-dist@5.35.0`: the package the file at `path` (a package path) belongs to. */
function source(packagePath: string): string {
  const name = packagePath.startsWith('@') ? packagePath.split('/').slice(0, 2).join('/') : packagePath.split('/')[0]!;
  // Read from node_modules itself: a package's exports need not list its package.json.
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `${name}@${version}`;
}

function moduleText(script: string, files: Record<string, string>): string {
  const sources = [...new Set(Object.values(files).map(source))];
  const entries = Object.entries(files).map(([name, path]) => {
    // mtime 0 in the gzip header, so the same bytes give the same module every time.
    const packed = gzipSync(readFileSync(require.resolve(path)), { level: 9 });
    packed.writeUInt32LE(0, 4);
    return `  ${JSON.stringify(name)}: '${packed.toString('base64')}',`;
  });
  return [
    `// Written by scripts/embed-assets.ts from ${sources.join(', ')}: not committed, not to edit (D38).`,
    `// ${script}`,
    `export const SOURCES: readonly string[] = ${JSON.stringify(sources)};`,
    'export const FILES: Readonly<Record<string, string>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

/** Writes the modules; returns their paths and sizes. */
export function embedAssets(): { path: string; bytes: number }[] {
  mkdirSync(EMBEDDED_DIR, { recursive: true });
  const swagger = Object.fromEntries(PACKAGE_FILE_NAMES.map((name) => [name, `swagger-ui-dist/${name}`]));
  const cards = (names: readonly CardFileName[]) =>
    Object.fromEntries(names.map((name) => [name, CARD_PACKAGE_PATHS[name]]));
  const written = [
    {
      path: join(EMBEDDED_DIR, 'swagger-ui-dist.ts'),
      text: moduleText("The /docs page's files (core/installed/swagger-ui-dist.ts).", swagger),
    },
    {
      path: join(EMBEDDED_DIR, 'card-fonts.ts'),
      text: moduleText("The PNG cards' fonts (core/installed/card-files.ts).", cards(CARD_FONT_NAMES)),
    },
    {
      path: join(EMBEDDED_DIR, 'card-wasm.ts'),
      text: moduleText(
        "The PNG cards' renderer, resvg's WebAssembly (core/installed/installed-card-files.ts).",
        cards(['resvg.wasm']),
      ),
    },
  ];
  // A module already current is left alone: the npm build (which calls this) may run while tests
  // import these modules, and a rewrite is seen half-written.
  for (const { path, text } of written)
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
  return written.map(({ path, text }) => ({ path: path.slice(ROOT.length), bytes: text.length }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // On stderr: `npm pack --json` runs this (prepare) and its stdout must stay the JSON.
  for (const { path, bytes } of embedAssets()) console.error(`${path}: ${(bytes / 1e6).toFixed(2)} MB`);
}
