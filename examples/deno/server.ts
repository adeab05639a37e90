/** @module Sleeve on Deno: `deno run --allow-net --allow-env --allow-read examples/deno/server.ts`. */
import { serve } from 'sleeve/deno';

const { url } = await serve({ port: Number(Deno.env.get('PORT') ?? 8787) });
console.log(`sleeve listening on ${url}`);
