/** @module Sleeve on Bun: `bun examples/bun/server.ts`. */
import { serve } from 'sleeve/bun';

const { url } = serve({ port: Number(Bun.env.PORT ?? 8787), storage: Bun.env.SLEEVE_STORAGE });
console.log(`sleeve listening on ${url}`);
