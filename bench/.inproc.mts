import { createSleeve } from '/work/wt-perf/core/index.ts';
import { Hono } from 'hono';
const sleeve = createSleeve({ rateLimits: 1e6, log: { info() {}, error: console.error }, requestLog: 'off' } as any);
const UA = 'b/1 (b@e.co)';
const path = process.argv[2] ?? '/search/all?query=love&limit=10';
const req = () => new Request(`http://x${path}`, { headers: { 'user-agent': UA } });
await (await sleeve.fetch(req(), { clientIp: '1.2.3.4' })).text();
const hit = await sleeve.fetch(req(), { clientIp: '1.2.3.4' });
const bytes = new Uint8Array(await hit.arrayBuffer());
const headers: Record<string, string> = {};
hit.headers.forEach((v, k) => {
  headers[k] = v;
});
const bare = new Hono();
bare.get(path.split('?')[0], (c) => c.body(bytes, 200, headers));
async function run(f: () => Promise<Response>, n: number) {
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await f();
    await r.arrayBuffer();
  }
  return ((performance.now() - t) * 1000) / n;
}
for (let round = 0; round < 5; round++) {
  const a = await run(() => sleeve.fetch(req(), { clientIp: '1.2.3.4' }), 50000);
  const b = await run(async () => bare.fetch(req()), 50000);
  console.log(`sleeve ${a.toFixed(2)} µs  bare ${b.toFixed(2)} µs  overhead ${(a - b).toFixed(2)} µs`);
}
