/**
 * D38: the embedded copies (`core/installed/embedded/`, written by `npm run assets`) are the
 * installed packages' files byte for byte, and the default readers fall back on them only
 * when the installed package cannot be read, with the installed read's error when neither has
 * the file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as fonts from '../../../core/installed/embedded/card-fonts.ts';
import * as wasm from '../../../core/installed/embedded/card-wasm.ts';
import * as swagger from '../../../core/installed/embedded/swagger-ui-dist.ts';
import { installedOrEmbedded, unpackEmbedded, type EmbeddedModule } from '../../../core/installed/embedded.ts';
import { CARD_FILE_NAMES, CARD_FONT_NAMES, CARD_PACKAGE_PATHS } from '../../../core/installed/card-files.ts';
import { PACKAGE_FILE_NAMES } from '../../../core/docs/assets.ts';
import { ROOT } from '../../helpers/child-server.ts';

const require = createRequire(`${ROOT}package.json`);
const installed = (path: string) => new Uint8Array(readFileSync(require.resolve(path)));
/** Megabytes compared as one digest: vitest's toEqual walks them byte by byte, for seconds. */
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const version = (name: string) =>
  (JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

describe('embedded asset files', () => {
  it("hold every file /docs reads, each equal to the installed swagger-ui-dist's", async () => {
    expect(Object.keys(swagger.FILES).sort()).toEqual([...PACKAGE_FILE_NAMES].sort());
    expect(swagger.SOURCES).toEqual([`swagger-ui-dist@${version('swagger-ui-dist')}`]);
    for (const name of PACKAGE_FILE_NAMES) {
      expect(digest(await unpackEmbedded(swagger.FILES[name]!)), name).toBe(
        digest(installed(`swagger-ui-dist/${name}`)),
      );
    }
  });

  it("hold resvg's wasm and both DejaVu faces, each equal to the installed package's, the wasm in a module of its own", async () => {
    expect(Object.keys(wasm.FILES)).toEqual(['resvg.wasm']);
    expect(Object.keys(fonts.FILES).sort()).toEqual([...CARD_FONT_NAMES].sort());
    expect(wasm.SOURCES).toEqual([`@resvg/resvg-wasm@${version('@resvg/resvg-wasm')}`]);
    expect(fonts.SOURCES).toEqual([`dejavu-fonts-ttf@${version('dejavu-fonts-ttf')}`]);
    const files = { ...wasm.FILES, ...fonts.FILES };
    for (const name of CARD_FILE_NAMES)
      expect(digest(await unpackEmbedded(files[name]!)), name).toBe(digest(installed(CARD_PACKAGE_PATHS[name])));
  });
});

describe('installedOrEmbedded', () => {
  const embedded: EmbeddedModule = swagger;
  const unreadable = async (): Promise<Uint8Array> => {
    throw new Error('ENOENT: swagger-ui-dist is not installed');
  };

  it('reads the installed package first, and never loads the embedded copy then', async () => {
    let loaded = 0;
    const bytes = await installedOrEmbedded(
      'swagger-ui.css',
      async () => new Uint8Array([1, 2, 3]),
      async () => (loaded++, embedded),
    );
    expect([...bytes]).toEqual([1, 2, 3]);
    expect(loaded).toBe(0);
  });

  it('falls back on the embedded copy where the installed package cannot be read', async () => {
    expect(digest(await installedOrEmbedded('swagger-ui.css', unreadable, async () => embedded))).toBe(
      digest(installed('swagger-ui-dist/swagger-ui.css')),
    );
  });

  it("throws the installed read's error when the copy is missing or lacks the file", async () => {
    await expect(
      installedOrEmbedded('swagger-ui.css', unreadable, async () => {
        throw new Error('Cannot find module');
      }),
    ).rejects.toThrow(/not installed/);
    await expect(installedOrEmbedded('nope.js', unreadable, async () => embedded)).rejects.toThrow(/not installed/);
  });
});
