/**
 * @module
 * Runs one route's frame layers (version, CORS, body guard, User-Agent, rate limit, params,
 * cache, route) as a single Hono handler. Hono's `compose` gives every layer its own `async`
 * frame and promise; here a layer that answers or passes on synchronously costs a plain call,
 * so a cache hit held in process is answered without a microtask, and Hono serves the route
 * by its one-handler fast path. Semantics are `compose`'s: an Error thrown at a level is
 * rendered there by `onError` (the layers around it see a finished response, as the cache
 * layer needs to read `c.error`), anything else is rethrown.
 */
import type { Context, Handler, Next } from 'hono';
import type { SleeveEnv } from './context.ts';

/** What a layer gives back: the response, or nothing when it passed on. */
type LayerResult = Response | void | undefined;
/** A Hono middleware, or the route at the end of the chain. */
export type FrameLayer = (c: Context<SleeveEnv>, next: Next) => Response | void | Promise<Response | void>;

export function frameChain(
  layers: readonly FrameLayer[],
  onError: (error: Error, c: Context<SleeveEnv>) => Response,
): Handler<SleeveEnv> {
  const failed = (c: Context<SleeveEnv>, thrown: unknown): Response => {
    if (!(thrown instanceof Error)) throw thrown;
    c.error = thrown;
    const res = onError(thrown, c);
    if (c.finalized) {
      // Replaced without Hono's header merge: the error answer stands alone.
      c.res = undefined as unknown as Response;
    }
    c.res = res;
    return res;
  };
  const settled = (c: Context<SleeveEnv>, res: LayerResult): LayerResult => {
    if (res instanceof Response) {
      if (!c.finalized) c.res = res;
      return res;
    }
    return c.finalized ? c.res : undefined;
  };
  const handler = (c: Context<SleeveEnv>) => {
    const dispatch = (i: number): Response | Promise<LayerResult> | LayerResult => {
      const layer = layers[i];
      if (layer === undefined) return undefined;
      let out: Response | Promise<LayerResult> | LayerResult;
      try {
        // The layers are Hono middleware; their `next` here may answer synchronously.
        out = layer(c, (() => dispatch(i + 1)) as never) as Response | Promise<LayerResult> | LayerResult;
      } catch (thrown) {
        return failed(c, thrown);
      }
      if (out instanceof Promise)
        return out.then(
          (res) => settled(c, res),
          (thrown: unknown) => failed(c, thrown),
        );
      return settled(c, out);
    };
    return dispatch(0) as Response | Promise<LayerResult>;
  };
  // Hono's Handler type wants Promise<Response | void>; a synchronous Response is what it prefers.
  return handler as Handler<SleeveEnv>;
}
