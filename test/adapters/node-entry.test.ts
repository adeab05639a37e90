/**
 * Node through `npm start`: the limits arrive from the environment (start.ts) as in
 * production. Node closes an idle keep-alive connection 1 s after `keepAliveTimeout`.
 */
import { capChecks, HEADERS_MS, IDLE_MS, runtimeChecks } from './_runtime.ts';

runtimeChecks({ name: 'Node', script: 'start', timeouts: { idle: IDLE_MS + 1_000 + 3_000, headers: HEADERS_MS + 3_000, streamWatch: IDLE_MS + 1_000 + 1_000 } });
capChecks('start');
