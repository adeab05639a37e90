/**
 * The installed npm package served on each runtime: Node, Bun and Deno from the consumer's
 * project, and workerd from the Workers example bundled as wrangler would (the package's tests:
 * package.test.ts).
 */
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeImportsOf, reachableInputs } from '../../../scripts/build-workers.ts';
import { BIN, ROOT, startChild } from '../../helpers/child-server.ts';
import type { Installed } from '../../helpers/installed-package.ts';
import { startWorkerd } from '../../helpers/workerd.ts';
import { packedAndInstalled, UA } from './_installed.ts';

/** Each runtime's entry in the consumer project, importing the installed package by its name. */
const RUNTIMES = {
  node: { file: 'server-node.mjs', command: () => [process.execPath] },
  bun: { file: 'server-bun.mjs', command: () => [`${BIN}bun`] },
  deno: {
    file: 'server-deno.mjs',
    command: () => [`${BIN}deno`, 'run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys'],
  },
} as const;

describe('npm package, packed and installed into a fresh project: on each runtime', () => {
  let installed: Installed;
  beforeAll(async () => {
    installed = await packedAndInstalled();
  }, 240_000);

  for (const [runtime, { file, command }] of Object.entries(RUNTIMES)) {
    it(`serves /healthz, a search, /docs and a PNG card on ${runtime}`, async () => {
      writeFileSync(
        join(installed.dir, file),
        `import { serve } from 'sleeve/${runtime}';\nconst { url } = await serve({ port: 0 });\nconsole.log(\`sleeve listening on \${url}\`);\n`,
      );
      const [bin, ...args] = command();
      const server = await startChild(bin!, [...args, file], {}, 30_000, installed.dir);
      try {
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok' });
        const search = await fetch(`${server.url}/search/all?query=love`, { headers: UA });
        expect(search.status).toBe(200);
        expect(((await search.json()) as { tracks: unknown[] }).tracks.length).toBeGreaterThan(0);
        const docs = await fetch(`${server.url}/docs`);
        expect(docs.status).toBe(200);
        expect(await docs.text()).toMatch(/swagger-ui/i);
        const bundle = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
        expect(bundle.status).toBe(200);
        expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(500_000);
        const card = await fetch(`${server.url}/share/card?id=100006189`, { headers: UA });
        expect(card.status).toBe(200);
        expect(card.headers.get('content-type')).toBe('image/png');
        // The PNG signature: drawn by resvg-wasm with the packaged fonts, not an SVG fallback.
        expect([...new Uint8Array(await card.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      } finally {
        await server.stop();
      }
    }, 60_000);
  }

  it('bundles examples/workers from the installed package as wrangler would, under 3 MB gzip’d with no ioredis and no node:* module, and serves in workerd', async () => {
    const dir = join(installed.dir, 'worker');
    cpSync(join(ROOT, 'examples/workers'), dir, { recursive: true });
    expect(existsSync(join(installed.dir, 'node_modules/ioredis'))).toBe(false);
    const workerd = await startWorkerd([{}], dir);
    try {
      // The free plan's limit on a Worker's upload (D47).
      expect(workerd.bundle.gzip).toBeLessThan(3_000_000);
      // No nodejs_compat needed (D47), counting the chunks the npm build shares between entries:
      // wrangler warns about a node:* import in any module it reaches, used or not.
      const { metafile, entry } = workerd.bundle;
      expect(
        reachableInputs(metafile, entry).some((input) => input.includes('/node_modules/sleeve/dist/core/chunks/')),
      ).toBe(true);
      expect(nodeImportsOf(metafile, entry)).toEqual([]);
      expect((await fetch(`${workerd.urls[0]}/healthz`)).status).toBe(200);
      const card = await fetch(`${workerd.urls[0]}/share/card?id=100006189`, { headers: UA });
      expect(card.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await card.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    } finally {
      await workerd.stop();
    }
  }, 60_000);
});
