/**
 * The runtime smoke suite against `sleeve/deno-deploy` under `deno serve` (the real binary), on
 * a Deno KV database of its own (a file): answers, `/docs` and the share cards as on every
 * runtime (D48).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChildServer } from '../../helpers/child-server.ts';
import { startDenoServe } from '../../helpers/deno-serve.ts';
import { runCardChecks } from './_cards.ts';
import { runDocsChecks } from './_docs.ts';
import { overHttp, runLogSmoke, runSmoke } from './_smoke.ts';

let server: ChildServer;
const dir = mkdtempSync(join(tmpdir(), 'sleeve-deno-kv-'));
beforeAll(async () => {
  server = await startDenoServe({ SLEEVE_STORAGE: `deno-kv:${join(dir, 'kv.sqlite')}` });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const name = 'Deno Deploy (sleeve/deno-deploy under deno serve, Deno KV)';
const http = overHttp(() => server.url);
runSmoke(name, http);
runDocsChecks(name, http);
runCardChecks(name, http);
runLogSmoke('deno serve', () => server);

/** A port nothing listens on now: one the system handed out, given back. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('npm run start:deno-deploy on PORT', () => {
  let own: ChildServer;
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), 'sleeve-deno-port-'));
  beforeAll(async () => {
    port = await freePort();
    own = await startDenoServe({ PORT: String(port), SLEEVE_STORAGE: `deno-kv:${join(dir, 'kv.sqlite')}` });
  });
  afterAll(async () => {
    await own?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("listens on PORT with Sleeve's start-up line, and gives no legacy-abort warning once answering", async () => {
    expect(own.url).toBe(`http://127.0.0.1:${port}`);
    const line = `sleeve listening on http://localhost:${port} (demo mode, deno-kv:${join(dir, 'kv.sqlite')} storage, deno `;
    const first = own.output().split('\n')[0]!;
    expect(first.slice(0, line.length)).toBe(line);
    expect(first.slice(line.length)).toMatch(/^\d+\.\d+\.\d+\)$/);
    expect(own.output()).not.toMatch(/deno serve: Listening/);
    const ua = { 'user-agent': 'smoke/1.0 (smoke@example.com)' };
    expect((await fetch(`${own.url}/editorial/genres`, { headers: ua })).status).toBe(200);
    // The legacy abort warning came at the first request; its log line comes after it.
    await vi.waitFor(() => expect(own.output()).toContain('"path":"/editorial/genres"'), { timeout: 5_000 });
    expect(own.output()).not.toMatch(/legacy|abort/i);
  });
});

describe('sleeve/deno-deploy with no SLEEVE_STORAGE', () => {
  let own: ChildServer;
  // Deno's default database lives under DENO_DIR: a folder of the test's, not the user's.
  const denoDir = mkdtempSync(join(tmpdir(), 'sleeve-deno-dir-'));
  beforeAll(async () => {
    own = await startDenoServe({ DENO_DIR: denoDir });
  });
  afterAll(async () => {
    await own?.stop();
    rmSync(denoDir, { recursive: true, force: true });
  });

  it("keeps its cache in Deno's default database, and says so in /healthz's X-Sleeve-Checked", async () => {
    const health = await fetch(`${own.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-sleeve-checked')).toContain('cache-backend=deno-kv');
    const body = (await health.json()) as { checks: { name: string; ok: boolean }[] };
    expect(body.checks.find((c) => c.name === 'cache-backend')?.ok).toBe(true);
    const ua = { 'user-agent': 'smoke/1.0 (smoke@example.com)' };
    expect((await fetch(`${own.url}/editorial/genres`, { headers: ua })).headers.get('x-cache')).toBe('MISS');
    expect((await fetch(`${own.url}/editorial/genres`, { headers: ua })).headers.get('x-cache')).toBe('HIT');
  });
});

describe('sleeve/deno-deploy under deno serve without --unstable-kv (no Deno.openKv)', () => {
  const servers: ChildServer[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'sleeve-no-kv-'));
  let plain: ChildServer;
  let asked: ChildServer;
  beforeAll(async () => {
    [plain, asked] = await Promise.all([
      startDenoServe({ SLEEVE_METRICS: '1' }, { kv: false }),
      startDenoServe({ SLEEVE_STORAGE: `deno-kv:${join(dir, 'kv.sqlite')}` }, { kv: false }),
    ]);
    servers.push(plain, asked);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its cache in memory and says so once; /metrics reports the process memory and the heap the script sized', async () => {
    const ua = { 'user-agent': 'smoke/1.0 (smoke@example.com)' };
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${plain.url}/editorial/genres`, { headers: ua })).status).toBe(200);
    expect((await fetch(`${plain.url}/healthz`)).headers.get('x-sleeve-checked')).toContain('cache-backend=memory');
    expect(plain.output().split('no Deno.openKv')).toHaveLength(2);
    const metrics = await (await fetch(`${plain.url}/metrics`)).text();
    expect(metrics).toMatch(/^process_resident_memory_bytes [1-9]/m);
    // The script's heap flag (D43: 160 MiB for the default cache) reached the isolate.
    const heapLimit = Number(/^sleeve_heap_limit_bytes (\d+)$/m.exec(metrics)?.[1]);
    expect(heapLimit).toBeGreaterThanOrEqual(160 * 2 ** 20);
    expect(heapLimit).toBeLessThan(256 * 2 ** 20);
  });

  it('answers SLEEVE_STORAGE=deno-kv:<path> with 503 not_configured naming the variable, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${asked.url}/editorial/genres`, {
        headers: { 'user-agent': 'smoke/1.0 (smoke@example.com)' },
      });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('not_configured');
      expect(body.error.message).toContain(
        'SLEEVE_STORAGE must be memory, fs:<dir> or redis://host:port without Deno.openKv',
      );
    }
  });
});
