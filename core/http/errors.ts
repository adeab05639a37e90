/**
 * @module
 * The one place an error becomes a response (D3). Unknown throwables are bugs: answered as
 * 500 `internal_error` with a request id, logged, and never leaking a stack trace. The body's
 * shape follows the version row: pins below 3.0.0 get `{ "error": "<message>" }`.
 */
import { SleeveError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { CURRENT, type VersionInfo } from './versions.ts';

export interface ErrorBody {
  ok: false;
  error: { code: string; message: string; param?: string; [extra: string]: unknown };
}

export interface LegacyErrorBody {
  error: string;
}

function errorBody(error: SleeveError): ErrorBody {
  return {
    ok: false,
    error: { code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}), ...error.extra },
  };
}

/**
 * Turns anything thrown into a SleeveError; bugs get a request id to quote in reports, logged
 * here once with the stack (the request's own line only says 500). Two
 * failures are the client's, so neither logged nor counted as bugs: a request whose client
 * has gone (`signal` aborted; nobody reads the answer), and a request whose own URL does not
 * parse (Bun and Deno pass on a Host such as `example.com:99999`, and the first `new URL`
 * of it throws). Checked only once something failed, so a good request pays nothing.
 */
export function toSleeveError(
  thrown: unknown,
  log: Logger,
  signal?: AbortSignal,
  url?: string,
  id?: string,
): SleeveError {
  if (thrown instanceof SleeveError) return thrown;
  if (signal?.aborted) return new SleeveError('bad_request', 'The client closed the request before it was answered.');
  if (url !== undefined && !URL.canParse(url)) {
    return new SleeveError('bad_request', 'The request does not name a valid URL; check the Host header.', {
      param: 'Host',
    });
  }
  // An AbortSignal.timeout() firing inside a driver is an upstream that did not answer in time.
  if (thrown instanceof Error && thrown.name === 'TimeoutError') {
    return new SleeveError('upstream_timeout', 'An upstream service did not answer in time.', { cause: thrown });
  }
  // The request's own id (its X-Request-Id), so the caller's quote finds this line.
  const requestId = id ?? crypto.randomUUID();
  log.error('internal error', {
    requestId,
    error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown),
  });
  return new SleeveError(
    'internal_error',
    `Something went wrong on our side; quote request id ${requestId} when reporting it.`,
    {
      extra: { requestId },
    },
  );
}

/** The body in the version's shape: legacy pins get `{ "error": "<message>" }`. */
export function versionedErrorBody(error: SleeveError, version: VersionInfo = CURRENT): ErrorBody | LegacyErrorBody {
  return version.errorShape === 'legacy' ? { error: error.message } : errorBody(error);
}

/** The error's response; `gathered`: the headers the frame's layers gave this request (CORS, limits, id). */
export function errorResponse(
  error: SleeveError,
  version: VersionInfo = CURRENT,
  gathered?: Readonly<Record<string, string>>,
): Response {
  return Response.json(versionedErrorBody(error, version), {
    status: error.status,
    headers: gathered ? { ...gathered, ...error.headers } : error.headers,
  });
}
