/**
 * Node through `npm start`: the limits arrive from the environment (adapters/launch/start.ts) as in
 * production. Node closes an idle keep-alive connection 1 s after `keepAliveTimeout`.
 */
import { capChecks, HEADERS_MS, IDLE_MS, runtimeChecks } from './_runtime.ts';

runtimeChecks({
  name: 'Node',
  script: 'start',
  // Node's parser refusals are answered by the adapter (adapters/node/client-errors.ts), so all of them.
  refusals: {
    'unknown method': 'legacy',
    'lower-case method': 'legacy',
    'method no route takes': 'legacy',
    CONNECT: 'legacy',
    'raw space in the path': 'legacy',
    'headers past 16 KB': 'legacy',
    'no Host header': 'legacy',
  },
  timeouts: { idle: IDLE_MS + 1_000 + 3_000, headers: HEADERS_MS + 3_000, streamWatch: IDLE_MS + 1_000 + 1_000 },
});
capChecks('start');
