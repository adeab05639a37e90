/**
 * @module
 * The client run by another runtime (`bun`, `deno run`), importing `sleeve/client` through
 * that runtime's own resolution (tsconfig paths for Bun, deno.json's import map for Deno).
 * Calls a few endpoints of the server at argv's URL and prints one JSON line for the test.
 */
import { createClient, SleeveApiError } from 'sleeve/client';

// Deno has its arguments in `Deno.args`; Bun, like Node, in `process.argv`.
declare const Deno: { args: string[] } | undefined;
const args: string[] = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const baseUrl = args[0];
if (!baseUrl) throw new Error('usage: _runtime-client.ts <base URL>');

const client = createClient({ baseUrl, userAgent: 'runtime-client/1.0 (runtime@example.com)' });

const health = await client.healthz.$get();
const hot = await client.track.hot.$get({ limit: 3 });
const batch = await client.batch.$post({
  requests: [{ id: 'genres', path: '/editorial/genres' }, { path: '/search/albums?query=love&limit=2' }],
});
const preview = await client.track.preview.$get({ id: 100006189 });
let error: unknown;
try {
  await client.search.all.$get({ query: 'love', limit: 999 });
} catch (thrown) {
  error =
    thrown instanceof SleeveApiError
      ? {
          name: thrown.name,
          isError: thrown instanceof Error,
          code: thrown.code,
          status: thrown.status,
          param: thrown.param,
        }
      : String(thrown);
}
let refused: unknown;
try {
  createClient({ baseUrl, userAgent: 'no contact' });
} catch (thrown) {
  refused = thrown instanceof TypeError;
}

console.log(
  JSON.stringify({
    // Which file the runtime's resolution picked for `sleeve/client`: the sources, not a build.
    module: import.meta.resolve('sleeve/client'),
    health: health.status,
    hot: { country: hot.country, count: hot.tracks.length },
    batch: {
      count: batch.count,
      statuses: Object.fromEntries(Object.entries(batch.responses).map(([id, r]) => [id, r.status])),
    },
    preview: { status: preview.status, location: preview.headers.get('location') !== null },
    error,
    refused,
  }),
);
