/**
 * D45: a server builds what the first requests would (demo mode's catalogue) once it listens,
 * so the first search after start-up is as fast as the rest; an embedder's `createSleeve` and
 * a serverless entry leave it to the first request. The Bun and Deno entries are checked in
 * `test/runtimes/` (`runWarmSmoke`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serve, type Served } from '../../adapters/node.ts';
import { handle } from '../../adapters/vercel.ts';
import { createSleeve, type Sources } from '../../core/index.ts';
import { createCatalogSources } from '../../core/sources/catalog/index.ts';

const quiet = { info() {}, error() {}, request() {} };

/** Demo sources of 200 tracks, counting the calls of their `warm`. */
function counted(): { sources: Sources; calls: () => number } {
  const demo = createCatalogSources({ tracks: 200 });
  let calls = 0;
  return { sources: { ...demo, warm: async () => (calls++, 'a test catalogue') }, calls: () => calls };
}

let served: Served | undefined;
afterEach(async () => {
  await new Promise<void>((done) => (served ? served.server.close(() => done()) : done()));
  served = undefined;
  vi.restoreAllMocks();
});

describe('warming up (D45)', () => {
  it('the Node adapter builds the demo catalogue once listening, with no request made, and logs it', async () => {
    const lines: string[] = [];
    served = await serve({
      port: 0,
      hostname: '127.0.0.1',
      gracefulShutdown: false,
      log: { ...quiet, info: (line) => void lines.push(line) },
    });
    await vi.waitFor(
      () => expect(lines).toContainEqual(expect.stringMatching(/^demo catalogue ready: 20000 tracks \(\d+ ms\)$/)),
      { timeout: 15_000, interval: 20 },
    );
  }, 20_000);

  it('the Node adapter warms the sources it is given, once', async () => {
    const { sources, calls } = counted();
    served = await serve({ port: 0, hostname: '127.0.0.1', gracefulShutdown: false, sources, log: quiet });
    await vi.waitFor(() => expect(calls()).toBe(1));
  });

  it('createSleeve alone and the Vercel handler leave it to the first request', async () => {
    const { sources, calls } = counted();
    createSleeve({ sources, log: quiet });
    const vercel = handle({ sources, log: quiet });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(0);
    expect((await vercel(new Request('http://x/healthz'))).status).toBe(200);
    expect(calls()).toBe(0);
  });

  it("warm() never rejects: a catalogue that fails to build is the first request's to report", async () => {
    const demo = createCatalogSources();
    const sleeve = createSleeve({
      sources: { ...demo, warm: () => Promise.reject(new Error('bad catalogue')) },
      log: quiet,
    });
    await expect(sleeve.warm()).resolves.toBeUndefined();
    // Live mode's sources build nothing ahead: nothing to wait for.
    await expect(createSleeve({ mode: 'live', log: quiet }).warm()).resolves.toBeUndefined();
  });
});
