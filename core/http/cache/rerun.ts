/**
 * @module
 * A request's route run again in the background, with no client waiting on the answer: a
 * cache refresh (`cache/refresh.ts`) or a deferred answer, one the budget could not
 * give in time (`deferred.ts`). What is common to both: a request of its own (the caller's
 * signal ends with the caller's answer; the same URL and headers give the same key and answer),
 * its scope made before it runs, and whatever it answers or throws let go of, since
 * the cache layer keeps what is worth keeping.
 */

import type { RequestScope } from '../../drivers/kit/index.ts';
import type { SleeveBindings } from '../context.ts';

/** How the app runs a request's route again, as `scope` says whose its calls are. */
export type Rerun = (request: Request, env: unknown, scope: RequestScope) => Response | Promise<Response>;

/** Runs `request`'s route again through `run`, detached, under the scope `scopeOf` makes for it; `done` when it has settled. */
export function rerun(
  run: Rerun,
  request: Request,
  env: unknown,
  scopeOf: (signal: AbortSignal) => RequestScope,
  done: () => void,
): void {
  const again = new Request(request.url, { headers: request.headers });
  const scope = scopeOf(again.signal);
  const work = (async () => {
    try {
      const res = await run(again, env, scope);
      await res.body?.cancel();
    } catch {
      // A failed run leaves the entry as it was: the next request tries again.
    } finally {
      done();
    }
  })();
  // Where the runtime ends a request's work with its answer (a Worker), it is told to wait.
  (env as SleeveBindings | undefined)?.waitUntil?.(work);
}
