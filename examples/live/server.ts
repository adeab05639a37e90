/**
 * @module
 * Sleeve in live mode on Node: music metadata from Deezer. Every `SLEEVE_*` variable applies
 * (`serveOptionsFromEnv`): `SLEEVE_UPSTREAMS` points every upstream at a replay
 * (`npm run replay`), `SLEEVE_STORAGE=redis://…` lets several instances share one cache and
 * one Deezer budget. (After `npm i sleeve`: `import ... from 'sleeve/node'`.)
 */
import { serve, serveOptionsFromEnv } from 'sleeve/node';

const { port, options } = serveOptionsFromEnv(process.env);
const { url, sleeve } = await serve({ ...options, mode: 'live', port });
console.log(`sleeve listening on ${url} (${sleeve.deps.summary})`);
