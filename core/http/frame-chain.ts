/**
 * @module
 * Runs one route's frame layers (version, CORS, body guard, User-Agent, rate limit, params,
 * cache, route) as a single Hono handler. Hono's `compose` gives every layer its own `async`
 * frame and promise; here a layer that answers or passes on synchronously costs a plain call,
 * so a cache hit held in process is answered without a microtask, and Hono serves the route
 * by its one-handler fast path. A layer's `next()` gives back what the steps below it answered
 * as an `Outcome` (`outcome.ts`): the answer and what was said of it (the route's JSON, its gap,
 * its error), the one way anything travels up. An Error thrown at a level is rendered there by
 * `onError` (the layers around it see a finished answer, its error in the outcome), anything
 * else is rethrown.
 */
import type { Context, Handler } from 'hono';
import type { SleeveEnv } from './context.ts';
import { Outcome } from './outcome.ts';

/** What the steps below a layer answered: undefined when nothing did. */
export type LayerResult = Outcome | undefined;
/** A layer's way on: what the steps below answered, at once when they answered synchronously. */
export type NextStep = () => LayerResult | Promise<LayerResult>;
/** A frame layer, or the route at the end of the chain: an answer of its own (a Response, or one with notes), or nothing. */
export type FrameLayer = (
  c: Context<SleeveEnv>,
  next: NextStep,
) => Response | Outcome | void | Promise<Response | Outcome | void | undefined>;

export function frameChain(
  layers: readonly FrameLayer[],
  onError: (error: Error, c: Context<SleeveEnv>) => Outcome,
): Handler<SleeveEnv> {
  const failed = (c: Context<SleeveEnv>, thrown: unknown): Outcome => {
    if (!(thrown instanceof Error)) throw thrown;
    // Hono's own record of it, for an embedder's middleware around a mounted app; Sleeve reads the outcome.
    c.error = thrown;
    const out = onError(thrown, c);
    if (c.finalized) {
      // Replaced without Hono's header merge: the error answer stands alone.
      c.res = undefined as unknown as Response;
    }
    c.res = out.res;
    return out;
  };
  const settled = (c: Context<SleeveEnv>, res: Response | Outcome | void | undefined): LayerResult => {
    if (res instanceof Outcome) {
      if (!c.finalized) c.res = res.res;
      return res;
    }
    if (res instanceof Response) {
      if (!c.finalized) c.res = res;
      return new Outcome(res);
    }
    return c.finalized ? new Outcome(c.res) : undefined;
  };
  const handler = (c: Context<SleeveEnv>) => {
    const dispatch = (i: number): LayerResult | Promise<LayerResult> => {
      const layer = layers[i];
      if (layer === undefined) return undefined;
      let out: ReturnType<FrameLayer>;
      try {
        out = layer(c, () => dispatch(i + 1));
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
    const out = dispatch(0);
    if (out instanceof Promise) return out.then((res) => res?.res);
    return out?.res;
  };
  // Hono's Handler type wants Promise<Response | void>; a synchronous Response is what it prefers.
  return handler as Handler<SleeveEnv>;
}
