/**
 * @module
 * Builds the Hono app from the route table: each endpoint registered under its path and
 * aliases, with its parameters validated, and one error handler for everything.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from './deps.ts';
import { SleeveError } from './errors.ts';
import type { Endpoint } from './http/endpoint.ts';
import { errorResponse, toSleeveError } from './http/errors.ts';

function parseParams<P>(endpoint: Endpoint<P>, query: Record<string, string>): P {
  if (!endpoint.params) return query as P;
  const result = v.safeParse(endpoint.params, query);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const param = issue ? v.getDotPath(issue) ?? undefined : undefined;
  throw new SleeveError('bad_request', issue?.message ?? 'invalid parameters', { param });
}

export function createApp(deps: Deps, endpoints: readonly Endpoint<any>[]): Hono {
  const app = new Hono();
  for (const endpoint of endpoints) {
    app.on(endpoint.method ?? 'GET', [endpoint.path, ...(endpoint.aliases ?? [])], async (c) => {
      const params = parseParams(endpoint, c.req.query());
      const out = await endpoint.handle({ params, deps, request: c.req.raw, c });
      return out instanceof Response ? out : c.json(out as object);
    });
  }
  app.notFound((c) => errorResponse(new SleeveError('not_found', `No endpoint at ${c.req.path}. See /errors and /openapi.json.`)));
  app.onError((thrown) => errorResponse(toSleeveError(thrown, deps.log)));
  return app;
}
