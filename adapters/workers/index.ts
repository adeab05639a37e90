/**
 * @module
 * `sleeve/workers`: Sleeve as a Cloudflare Worker. The default export is the Worker (`export
 * { default, SleeveCounters } from 'sleeve/workers'`); `createWorker(options)` makes one with
 * options over the Worker's vars. One Sleeve per isolate, made on its first request (a Worker's
 * `env` arrives with the request). Work that outlives an answer (cache writes to KV, refreshes,
 * deferred answers) is handed to `ctx.waitUntil`; request lines go to `console.log`, which Workers
 * Logs keep line by line, so there is nothing to flush. D47.
 */
import { upgradeWebSocket } from './websocket.ts';
// Not through core's entry: its `createSleeve` would bring the server's storage drivers (Redis)
// into the Worker's bundle, and a bundler resolves what it imports before it drops it.
import type { Platform, Sleeve, SleeveOptions } from '../../core/index.ts';
import { createSleeveWith } from '../../core/create.ts';
import { memoryStorage } from '../../core/storage/memory.ts';
import { inIsolate } from '../../core/status/options.ts';
import { SERVER_REQUEST_LOG } from '../shared/serve-options.ts';
import { configRefusal } from '../shared/config-refusal.ts';
import { workerCardFiles, workerDocsFiles } from './card-files.ts';
import { workerOptions, type WorkerEnv } from './env.ts';
import { isolateWork } from './isolate-work.ts';
import type { ExecutionContext } from './platform.ts';

export { SleeveCounters } from './counters-object.ts';
export type { WorkerEnv } from './env.ts';
export type { DurableObjectNamespace, DurableObjectState, ExecutionContext, KvNamespace } from './platform.ts';

/** A module Worker's handler. */
export interface SleeveWorker {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response>;
}

/**
 * A Worker's platform: the cache in process when no KV namespace is bound (`memory`, the only
 * spec a Worker takes), the files from the bundle.
 */
const WORKER_PLATFORM: Platform = {
  storage: (_memory, maxBytes) => memoryStorage(maxBytes),
  docsFiles: workerDocsFiles,
  cardFiles: workerCardFiles,
};

/** `/status` says its figures are this isolate's (D52). */
const isolateStatus = (given: SleeveOptions): SleeveOptions => ({ ...given, status: inIsolate(given.status) });

export function createWorker(options: SleeveOptions = {}): SleeveWorker {
  let sleeve: Sleeve | undefined;
  const inIsolate = isolateWork();
  return {
    async fetch(request, env, ctx) {
      try {
        sleeve ??= createSleeveWith(
          // D12: `/nowplaying/socket` through the Workers WebSocket API (WebSocketPair).
          isolateStatus({
            upgradeWebSocket,
            requestLog: SERVER_REQUEST_LOG,
            requestsApart: true,
            ...workerOptions(env),
            ...options,
          }),
          WORKER_PLATFORM,
        );
      } catch (error) {
        return configRefusal(error);
      }
      // Cloudflare sets the caller's address itself; a client cannot forge it.
      const clientIp = request.headers.get('cf-connecting-ip') ?? undefined;
      const hold = (later: Promise<unknown>) => ctx.waitUntil(later.catch(() => undefined));
      const answer = inIsolate.track(
        Promise.resolve(sleeve.fetch(request, { clientIp, waitUntil: (later) => hold(inIsolate.track(later)) })),
      );
      // Held open while this isolate has work in flight (isolate-work.ts).
      hold(answer.finally(() => inIsolate.quiet()));
      return answer;
    },
  };
}

const worker: SleeveWorker = createWorker();
export default worker;
