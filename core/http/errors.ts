/**
 * @module
 * The one place an error becomes a response (D3). Unknown throwables are bugs: answered as
 * 500 `internal_error` with a request id, logged, and never leaking a stack trace.
 */
import { SleeveError } from '../errors.ts';
import type { Logger } from '../deps.ts';

export interface ErrorBody {
  ok: false;
  error: { code: string; message: string; param?: string; [extra: string]: unknown };
}

export function errorBody(error: SleeveError): ErrorBody {
  return {
    ok: false,
    error: { code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}), ...error.extra },
  };
}

/** Turns anything thrown into a SleeveError; bugs get a request id to quote in reports. */
export function toSleeveError(thrown: unknown, log: Logger): SleeveError {
  if (thrown instanceof SleeveError) return thrown;
  const requestId = crypto.randomUUID();
  log.error('internal error', { requestId, error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown) });
  return new SleeveError('internal_error', `Something went wrong on our side; quote request id ${requestId} when reporting it.`, {
    extra: { requestId },
  });
}

export function errorResponse(error: SleeveError): Response {
  return Response.json(errorBody(error), { status: error.status, headers: error.headers });
}
