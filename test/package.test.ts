import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from './helpers/child-server.ts';

const read = (file: string) => JSON.parse(readFileSync(`${ROOT}${file}`, 'utf8'));
const pkg = read('package.json');
const deno = read('deno.json');
const SUBPATHS = ['.', './bun', './deno', './node', './vercel', './client'];

/** `./adapters/bun.ts` and `./dist/adapters/bun.js` name the same module. */
const moduleOf = (path: string) => path.replace(/^\.\/(dist\/)?/, '').replace(/\.(d\.ts|js|ts)$/, '');

describe('package shape', () => {
  it('package.json and deno.json declare the same version and exports', () => {
    expect(deno.version).toBe(pkg.version);
    expect(Object.keys(pkg.exports)).toEqual(SUBPATHS);
    expect(Object.keys(deno.exports)).toEqual(SUBPATHS);
    for (const subpath of SUBPATHS) {
      expect(moduleOf(pkg.exports[subpath].default)).toBe(moduleOf(deno.exports[subpath]));
      expect(moduleOf(pkg.exports[subpath].types)).toBe(moduleOf(deno.exports[subpath]));
    }
  });

  it("deno.json maps the package's own name to its exports, for the examples", () => {
    for (const subpath of SUBPATHS) expect(deno.imports[subpath.replace('.', 'sleeve')]).toBe(deno.exports[subpath]);
  });

  it('package-lock.json is complete for npm ci (every optional platform package of a pinned binary is locked)', () => {
    // Without --dry-run this would install; with it npm still checks the lock against package.json.
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'pipe' });
  });

  it('core and the client touch no runtime global', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'core', 'client'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = readFileSync(`${ROOT}${file}`, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\b(process|Deno|Bun)\s*[.[]/);
    }
  });

  describe('npm build and pack', () => {
    it('builds ESM with declarations that plain Node imports, and packs only what users need', async () => {
      execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'pipe' });
      const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      const files: string[] = packed[0].files.map((f: { path: string }) => f.path);
      for (const file of files) expect(file).toMatch(/^(dist\/(core|adapters|client)\/.+\.(js|d\.ts)|README\.md|LICENSE|package\.json)$/);
      for (const subpath of SUBPATHS) {
        expect(files).toContain(pkg.exports[subpath].default.slice(2));
        expect(files).toContain(pkg.exports[subpath].types.slice(2));
      }
      // The built files run on plain Node, without a TypeScript loader.
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
        const { createSleeve } = await import('sleeve');
        for (const s of ['sleeve/node', 'sleeve/bun', 'sleeve/deno', 'sleeve/vercel', 'sleeve/client']) await import(s);
        const res = await createSleeve().fetch(new Request('http://x/healthz'));
        console.log(res.status);`], { cwd: ROOT, encoding: 'utf8' });
      // The request's own log line (D20) comes first, then the status.
      const [line, status] = out.trim().split('\n');
      expect(JSON.parse(line!)).toMatchObject({ path: '/healthz', status: 200 });
      expect(status).toBe('200');
      // sleeve/client loads nothing of the server at run time (its types come from core, its code does not).
      const client = files.filter((f) => /^dist\/client\/.+\.js$/.test(f));
      expect(client).toContain('dist/client/index.js');
      let bytes = 0;
      for (const file of client) {
        const code = readFileSync(`${ROOT}${file}`, 'utf8');
        bytes += code.length;
        const sources = [...code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
        for (const from of sources) expect(from, file).toMatch(/^\.\/[\w-]+\.js$/);
        if (file.endsWith('/index.js')) expect(sources.length).toBeGreaterThan(0);
        expect(code, file).not.toMatch(/\bimport\s*\(/);
      }
      // Comments included; about 4 KB once minified.
      expect(bytes).toBeLessThan(16_000);
    }, 120_000);
  });
});

export { BIN };
