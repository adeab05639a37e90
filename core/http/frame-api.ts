/**
 * @module
 * What the frame lends an endpoint that needs the app itself: `/batch` dispatches its
 * sub-requests through every layer, exactly as direct calls, and must know which paths exist;
 * the self-description (`/openapi.json`, `/llms.txt`, `/`) reads the whole route table.
 */
import type { AnyEndpoint } from './endpoint.ts';
import type { SleeveBindings } from './context.ts';

export interface FrameApi {
  /** Runs a request through the whole app (version prefix, limits, cache, route). */
  dispatch(request: Request, env: SleeveBindings): Promise<Response>;
  /** The endpoint answering `path` (canonical or alias, without version prefix), if any. */
  endpointAt(path: string): AnyEndpoint | undefined;
  /** The route table the app was built from: what `/openapi.json` and `/llms.txt` describe. */
  endpoints: readonly AnyEndpoint[];
}
