/**
 * The layer rules (`.dependency-cruiser.mjs`) hold over the whole project, and each of them
 * fires, by its name, on a breach planted in a small tree made for the purpose in the system's
 * temporary directory (never inside the project, and removed whatever the outcome).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const CONFIG = join(ROOT, '.dependency-cruiser.mjs');
/** Everything that is the project's code: what ships, and what tests, measures and builds it. */
const PROJECT = ['core', 'adapters', 'client', 'replay', 'scripts', 'bench', 'test', 'examples'];

/** Each violation as one line, `rule: from → to`; a package is named by its folder alone, a builtin without `node:`. */
async function violations(paths: string[], options: ICruiseOptions, tsConfig?: string): Promise<string[]> {
  const { output } = await cruise(
    paths,
    options,
    undefined,
    tsConfig ? { tsConfig: extractTSConfig(tsConfig) } : undefined,
  );
  return (output as ICruiseResult).summary.violations
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^node_modules\/([^/]+)\/.*$/, 'node_modules/$1')}`)
    .sort();
}

describe('the layer rules', () => {
  it('hold over the whole project, with no import circle', async () => {
    const options = await extractDepcruiseOptions(CONFIG);
    expect(await violations(PROJECT, { ...options, baseDir: ROOT }, join(ROOT, 'tsconfig.json'))).toEqual([]);
  }, 60_000);

  describe('on a tree with one breach of each rule', () => {
    let tree = '';

    /** Each file of the planted tree and what it imports; a file with no import only exports. */
    const PLANTED: Record<string, string | undefined> = {
      'core/text/a.ts': './b.ts',
      'core/text/b.ts': './a.ts',
      'core/drivers/deezer/planted.ts': '../../services/search/ranking.ts',
      'core/drivers/lrclib/index.ts': '../links/http.ts',
      'core/drivers/kit/http.ts': '../deezer/planted.ts',
      'core/drivers/shared/planted.ts': '../deezer/planted.ts',
      'core/drivers/kit/circuit.ts': '../shared/wire.ts',
      'core/drivers/shared/wire.ts': undefined,
      'core/services/search/suggest.ts': '../../drivers/catalog/fold.ts',
      'core/wiring/deps.ts': '../services/search/ranking.ts',
      'core/services/roadmap.ts': '../http/versions.ts',
      'core/services/radio.ts': '../shape/radio.ts',
      'core/services/ai/facts.ts': '../../schemas/responses/ai.ts',
      'core/http/layers/observe.ts': '../../routes/music/search.ts',
      'core/observe/metrics.ts': '../drivers/kit/budget/budget.ts',
      'core/routes/music/search.ts': '../../index.ts',
      'core/links/parse.ts': '../services/search/ranking.ts',
      'core/utils/format.ts': '../wiring/options.ts',
      'core/wiring/options.ts': undefined,
      'core/frame.ts': '../adapters/node.ts',
      'core/http/layers/websocket.ts': 'ws',
      'core/utils/hash.ts': 'node:crypto',
      'adapters/node.ts': '../core/services/search/ranking.ts',
      'client/index.ts': '../core/errors.ts',
      'core/http/layers/cors.ts': '../hit/hit-path.ts',
      'adapters/bun/index.ts': '../node/limits.ts',
      'adapters/cli/main.ts': '../node/runtime.ts',
      'adapters/shared/serve-options.ts': '../launch/start.ts',
      'core/drivers/catalog/generate/names.ts': '../music.ts',
      'core/drivers/catalog/station/schedule.ts': '../generate/words.ts',
      'core/routes/media/cards.ts': '../self/docs.ts',
      'core/routes/self/status.ts': '../radio/radio.ts',
      'core/drivers/catalog/music.ts': undefined,
      'core/drivers/catalog/generate/words.ts': undefined,
      'core/routes/self/docs.ts': undefined,
      'core/routes/radio/radio.ts': undefined,
      'adapters/launch/start.ts': undefined,
      'core/services/search/ranking.ts': undefined,
      'core/drivers/links/http.ts': undefined,
      'core/drivers/kit/budget/budget.ts': undefined,
      'core/drivers/kit/policies/retry.ts': '../call/send.ts',
      'core/drivers/kit/call/send.ts': undefined,
      'core/drivers/catalog/fold.ts': undefined,
      'core/http/versions.ts': undefined,
      'core/index.ts': undefined,
      'core/errors.ts': undefined,
      'core/shape/radio.ts': undefined,
      'core/schemas/responses/ai.ts': undefined,
      'core/http/hit/hit-path.ts': undefined,
      'adapters/node/limits.ts': undefined,
      'adapters/node/runtime.ts': undefined,
    };

    beforeAll(() => {
      tree = mkdtempSync(join(tmpdir(), 'sleeve-layers-'));
      for (const [file, imported] of Object.entries(PLANTED)) {
        mkdirSync(dirname(join(tree, file)), { recursive: true });
        writeFileSync(
          join(tree, file),
          imported === undefined ? 'export {};\n' : `import '${imported}';\nexport {};\n`,
        );
      }
      // A stand-in for the `ws` package, so that the import resolves into node_modules as in the project.
      mkdirSync(join(tree, 'node_modules/ws'), { recursive: true });
      writeFileSync(join(tree, 'node_modules/ws/package.json'), '{ "name": "ws", "main": "index.js" }\n');
      writeFileSync(join(tree, 'node_modules/ws/index.js'), 'module.exports = {};\n');
    });

    afterAll(() => {
      if (tree) rmSync(tree, { recursive: true, force: true });
    });

    it('name every breach, and nothing else', async () => {
      const options = await extractDepcruiseOptions(CONFIG);
      expect(await violations(['core', 'adapters', 'client'], { ...options, baseDir: tree })).toEqual([
        'adapters-through-the-entry: adapters/node.ts → core/services/search/ranking.ts',
        'catalog-generator-apart: core/drivers/catalog/generate/names.ts → core/drivers/catalog/music.ts',
        'catalog-reader-through-the-generator-entry: core/drivers/catalog/station/schedule.ts → core/drivers/catalog/generate/words.ts',
        'client-types-only: client/index.ts → core/errors.ts',
        'core-no-runtime-modules: core/http/layers/websocket.ts → node_modules/ws',
        'core-node-builtins-lazily: core/utils/hash.ts → crypto',
        'core-not-adapters: core/frame.ts → adapters/node.ts',
        'drivers-apart: core/drivers/lrclib/index.ts → core/drivers/links/http.ts',
        'drivers-not-upward: core/drivers/deezer/planted.ts → core/services/search/ranking.ts',
        'drivers-shared-under-drivers: core/drivers/shared/planted.ts → core/drivers/deezer/planted.ts',
        'entry-on-top: core/routes/music/search.ts → core/index.ts',
        'frame-not-routes: core/http/layers/observe.ts → core/routes/music/search.ts',
        'kit-policies-not-shared: core/drivers/kit/circuit.ts → core/drivers/shared/wire.ts',
        'kit-public-face: core/observe/metrics.ts → core/drivers/kit/budget/budget.ts',
        'kit-under-drivers: core/drivers/kit/http.ts → core/drivers/deezer/planted.ts',
        'launcher-apart: adapters/shared/serve-options.ts → adapters/launch/start.ts',
        'layers-not-hit-path: core/http/layers/cors.ts → core/http/hit/hit-path.ts',
        'leaves-import-leaves: core/links/parse.ts → core/services/search/ranking.ts',
        'leaves-import-leaves: core/utils/format.ts → core/wiring/options.ts',
        'no-circular: core/text/a.ts → core/text/b.ts',
        'only-the-wiring-names-drivers: core/services/search/suggest.ts → core/drivers/catalog/fold.ts',
        'policies-wrap-the-call: core/drivers/kit/policies/retry.ts → core/drivers/kit/call/send.ts',
        'resources-not-self-description: core/routes/self/status.ts → core/routes/radio/radio.ts',
        'runtimes-apart: adapters/bun/index.ts → adapters/node/limits.ts',
        'self-description-apart: core/routes/media/cards.ts → core/routes/self/docs.ts',
        'services-not-shape: core/services/ai/facts.ts → core/schemas/responses/ai.ts',
        'services-not-shape: core/services/radio.ts → core/shape/radio.ts',
        'services-not-upward: core/services/roadmap.ts → core/http/versions.ts',
        'wiring-under-services: core/wiring/deps.ts → core/services/search/ranking.ts',
      ]);
    }, 30_000);

    it('cover every rule the configuration states', async () => {
      const { default: config } = (await import(CONFIG)) as { default: { forbidden: { name: string }[] } };
      const planted = [
        'adapters-through-the-entry',
        'catalog-generator-apart',
        'catalog-reader-through-the-generator-entry',
        'client-types-only',
        'core-no-runtime-modules',
        'core-node-builtins-lazily',
        'core-not-adapters',
        'drivers-apart',
        'drivers-not-upward',
        'drivers-shared-under-drivers',
        'entry-on-top',
        'frame-not-routes',
        'kit-policies-not-shared',
        'kit-public-face',
        'kit-under-drivers',
        'launcher-apart',
        'layers-not-hit-path',
        'leaves-import-leaves',
        'no-circular',
        'only-the-wiring-names-drivers',
        'policies-wrap-the-call',
        'resources-not-self-description',
        'runtimes-apart',
        'self-description-apart',
        'services-not-shape',
        'services-not-upward',
        'wiring-under-services',
      ];
      expect(config.forbidden.map((rule) => rule.name).sort()).toEqual(planted);
    });
  });
});
