/** The installed npm package type-checked as a TypeScript user's embedding (the package's tests: package.test.ts). */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/child-server.ts';
import type { Installed } from '../../helpers/installed-package.ts';
import { packedAndInstalled } from './_installed.ts';

describe('npm package, packed and installed into a fresh project: its types', () => {
  let installed: Installed;
  beforeAll(async () => {
    installed = await packedAndInstalled();
  }, 240_000);

  it('typechecks an embedding in a project of tsc --init defaults with @types/node, skipLibCheck off: no error anywhere (and its types are not any)', () => {
    // A folder of the consumer's project, resolving the package and @types/node from its
    // node_modules: its tsconfig.json is not in the way of Bun, Deno and esbuild, which find one
    // up from where they run and run beside this in the package's other files.
    const project = join(installed.dir, 'typed');
    mkdirSync(project);
    const tsc = (args: string[]) =>
      spawnSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, ...args], {
        cwd: project,
        encoding: 'utf8',
        timeout: 120_000,
      });
    rmSync(join(project, 'tsconfig.json'), { force: true });
    expect(tsc(['--init']).status).toBe(0);
    // What docs/library.md tells a TypeScript user: Node's types in, and library checks left on.
    const defaults = readFileSync(join(project, 'tsconfig.json'), 'utf8');
    const config = defaults
      .replace(/"types": \[\]/, '"types": ["node"]')
      .replace(/"skipLibCheck": true/, '"skipLibCheck": false');
    expect(config).not.toBe(defaults);
    expect(config).toMatch(/"skipLibCheck": false/);
    writeFileSync(join(project, 'tsconfig.json'), config);
    writeFileSync(
      join(project, 'embed.ts'),
      `import { createServer } from 'node:http';
import { createSleeve, SleeveError, type SleeveOptions } from 'sleeve';
import { serve } from 'sleeve/node';
import { handle } from 'sleeve/vercel';
import { createClient } from 'sleeve/client';

const options: SleeveOptions = { mode: 'demo', basePath: '/music', requestLog: 'json' };
const sleeve = createSleeve(options);
export const answer: Response | Promise<Response> = sleeve.fetch(new Request('http://localhost/music/healthz'));
export const started: Promise<{ url: string }> = serve({ port: 0 });
export const vercel: (request: Request) => Promise<Response> = handle();
export const host = createServer();
const client = createClient({ baseUrl: 'http://localhost:8787', userAgent: 'consumer/1.0 (me@example.com)' });
export async function hot(): Promise<string[]> {
  const { tracks } = await client.track.hot.$get({ limit: 5 });
  return tracks.map((t) => t.name);
}
// @ts-expect-error: no such path
client.track.nope;
// @ts-expect-error: mode is demo or live
createSleeve({ mode: 'other' });
export { SleeveError };
`,
    );
    const run = tsc(['--noEmit', '-p', '.', '--listFiles']);
    expect(run.error).toBeUndefined();
    expect(run.stdout.split('\n').filter((line) => /error TS\d+/.test(line))).toEqual([]);
    expect(run.status).toBe(0);
    // The client's types were read from the package (an unused @ts-expect-error above would be an error).
    expect(run.stdout).toContain(`${installed.dir}/node_modules/sleeve/dist/client/route-table.d.ts`);
  }, 120_000);
});
