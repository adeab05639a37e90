/**
 * Run by test/distribution/runtimes/client-address.test.ts under the real `bun` or `deno`: Sleeve's handler
 * served by the runtime itself, with nothing written for the client's address, as the README
 * says it can be: `Bun.serve({ fetch: sleeve.fetch })`, `Deno.serve(sleeve.fetch)`. Prints
 * `listening on <url>`.
 */
import { createSleeve } from '../../../core/index.ts';

interface Listening {
  port: number;
}
declare const Bun: { serve(options: { fetch: unknown; port: number; hostname: string }): Listening } | undefined;
declare const Deno: {
  serve(options: { port: number; hostname: string; onListen(addr: Listening): void }, handler: unknown): unknown;
};

const sleeve = createSleeve({ mode: 'demo' });
const hostname = '127.0.0.1';
if (typeof Bun !== 'undefined') {
  const server = Bun.serve({ fetch: sleeve.fetch, port: 0, hostname });
  console.log(`listening on http://${hostname}:${server.port}`);
} else {
  Deno.serve(
    { port: 0, hostname, onListen: ({ port }) => console.log(`listening on http://${hostname}:${port}`) },
    sleeve.fetch,
  );
}
