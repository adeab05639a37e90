/**
 * @module
 * Sleeve in live mode on Node: music metadata from Deezer. `SLEEVE_DEEZER_URL` points it at a
 * replay (`npm run replay`) or a proxy; `SLEEVE_STORAGE=redis://…` lets several instances
 * share one cache and one Deezer budget. (After `npm i sleeve`: `import ... from 'sleeve/node'`.)
 */
import { serve } from 'sleeve/node';

const { url, sleeve } = await serve({
  mode: 'live',
  port: Number(process.env.PORT ?? 8787),
  upstreams: { deezer: process.env.SLEEVE_DEEZER_URL || undefined },
  storage: process.env.SLEEVE_STORAGE || 'memory',
});
console.log(`sleeve listening on ${url} (${sleeve.deps.summary})`);
