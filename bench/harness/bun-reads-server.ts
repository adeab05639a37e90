/**
 * @module
 * One plain `Bun.serve` for `bench/bun-reads.ts`: every request gets a clone of one JSON
 * answer with its id set (what Sleeve's hit path does on Bun), plus the one read `BENCH_READ`
 * names: `none`, `url` (`request.url`), `headers` (the six request headers Sleeve's hit path and
 * Bun adapter read) or `address` (`server.requestIP`, the client address D8 counts by).
 */
/// <reference types="bun-types" />
const read = process.env.BENCH_READ ?? 'none';
const body = new TextEncoder().encode(
  JSON.stringify({ data: Array.from({ length: 30 }, (_, i) => ({ id: i, name: `Genre ${i}` })) }),
);
const template = new Response(body, {
  headers: {
    'content-type': 'application/json',
    'x-request-id': '-',
    etag: '"bench"',
    'cache-control': 'public, max-age=3600',
    'x-cache': 'HIT',
    'access-control-allow-origin': '*',
  },
});
let sink = 0;
const server = Bun.serve({
  port: 0,
  fetch(request, srv) {
    if (read === 'url') sink += request.url.length;
    else if (read === 'address') sink += srv.requestIP(request)?.address.length ?? 0;
    else if (read === 'headers') {
      const h = request.headers;
      sink += (h.has('content-length') ? 1 : 0) + (h.has('upgrade') ? 1 : 0);
      for (const name of ['user-agent', 'x-request-id', 'if-none-match', 'accept']) sink += h.get(name)?.length ?? 0;
    }
    const res = template.clone();
    res.headers.set('x-request-id', String(sink));
    return res;
  },
});
console.log(`bun reads listening on http://127.0.0.1:${server.port}`);
