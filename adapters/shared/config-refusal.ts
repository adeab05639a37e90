/**
 * @module
 * What a handler made on its first request (a Worker, a Deno Deploy isolate) answers when a
 * variable is set wrong: no start-up to stop, so every request is answered `503
 * not_configured`, naming the variable and what it accepts, as a server says at start-up.
 */
import { ConfigError } from '../../core/wiring/config.ts';
import { SleeveError } from '../../core/errors.ts';
import { errorResponse } from '../../core/http/errors.ts';

/** The refusal for a `ConfigError`; anything else is thrown on. */
export function configRefusal(error: unknown): Response {
  if (!(error instanceof ConfigError)) throw error;
  return errorResponse(new SleeveError('not_configured', `[sleeve] ${error.message}`));
}
