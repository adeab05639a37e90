/**
 * @module
 * The baselines `bench/http.ts` measures Sleeve against, on the same runtime as Sleeve: a
 * Hono app answering the very bytes Sleeve answers on a cache hit, asked of a running Sleeve
 * at start-up (`BENCH_SLEEVE`, `BENCH_PATHS`). `BENCH_KIND=bare`: only `content-type`.
 * `BENCH_KIND=same`: exactly the headers Sleeve sent, as one plain object built once, plus one
 * `Map` update per request (what a counter costs) — the gap to it is overhead Sleeve chose.
 * `BENCH_KIND=reads`: `same`, and it also reads what the contract makes every request read: the
 * client's address the way Sleeve's adapter does (D8), `User-Agent` (D2), `X-Request-Id` (D20)
 * and `If-None-Match` (D9). It tells the runtime's price of those reads from Sleeve's own code.
 */
import { Hono } from 'hono';
import { serveHttp, type Peer } from './runtime.ts';

declare const Deno: { env: { get(name: string): string | undefined } } | undefined;
const env = (name: string): string => {
  const value = typeof Deno !== 'undefined' ? Deno.env.get(name) : process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

/** Headers the HTTP server writes itself; copying them would double them. */
const SERVER_OWN = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

const sleeve = env('BENCH_SLEEVE');
const paths: string[] = JSON.parse(env('BENCH_PATHS'));
const kind = env('BENCH_KIND');
const userAgent = env('BENCH_UA');

const app = new Hono<{ Bindings: Peer | undefined }>();
const counts = new Map<string, number>();
for (const path of paths) {
  const pathname = path.split('?')[0]!;
  await fetch(sleeve + path, { headers: { 'user-agent': userAgent } }).then((r) => r.arrayBuffer());
  const hit = await fetch(sleeve + path, { headers: { 'user-agent': userAgent } });
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (hit.headers.get('x-cache') !== 'HIT')
    throw new Error(`${path} is not a cache hit on Sleeve (${hit.status}, ${hit.headers.get('x-cache')})`);
  const type = hit.headers.get('content-type')!;
  if (kind === 'bare') {
    const bare = { 'content-type': type };
    app.get(pathname, () => new Response(bytes, { headers: bare }));
  } else {
    const headers: Record<string, string> = {};
    hit.headers.forEach((value, name) => {
      if (!SERVER_OWN.has(name)) headers[name] = value;
    });
    const reads = kind === 'reads';
    // The fastest plain route a Hono user writes: a Response from the bytes and one plain header
    // object. `c.body(bytes, 200, headers)` copies them into a `Headers` per request, which
    // @hono/node-server then has to read back: on Node it answered a third fewer (issue #24).
    app.get(pathname, (c) => {
      if (reads) {
        const key = `${c.env?.clientIp}`;
        if (
          c.req.header('user-agent') === undefined ||
          c.req.header('x-request-id') === '' ||
          c.req.header('if-none-match') === ''
        )
          return c.body(null, 400);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      } else counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
      return new Response(bytes, { headers });
    });
  }
}

const served = await serveHttp((request, peer) => app.fetch(request, peer), kind === 'reads');
console.log(`baseline ${kind} listening on ${served.url}`);
