/** @module Sleeve on Node: `npx tsx examples/node/server.ts` (after `npm i sleeve`: `import ... from 'sleeve/node'`). */
import { serve } from 'sleeve/node';

const { url } = await serve({ port: Number(process.env.PORT ?? 8787) });
console.log(`sleeve listening on ${url}`);
