/**
 * @module
 * The error codes of D3 and the one error type every layer throws. Rendering the body
 * (current or legacy shape) is the HTTP layer's job; this file only knows codes and statuses.
 */

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal_error'
  | 'upstream_error'
  | 'service_unavailable'
  | 'upstream_timeout'
  | 'not_configured';

export const ERROR_CODES: Readonly<Record<ErrorCode, { status: number; meaning: string }>> = {
  bad_request: {
    status: 400,
    meaning: 'A parameter or the body is missing or invalid; error.param names the parameter.',
  },
  unauthorized: {
    status: 401,
    meaning: 'Neither the User-Agent nor the Api-User-Agent header holds a contact e-mail address.',
  },
  not_found: { status: 404, meaning: 'Unknown path, resource, station or version.' },
  method_not_allowed: { status: 405, meaning: 'The path exists but not for this method; see the Allow header.' },
  payload_too_large: { status: 413, meaning: 'The request body is over the limit (64 KiB for /batch).' },
  rate_limited: { status: 429, meaning: 'Too many requests to this endpoint from this client; see Retry-After.' },
  internal_error: { status: 500, meaning: 'A bug in the service. It is logged with the request id.' },
  upstream_error: { status: 502, meaning: 'An upstream service failed or answered garbage.' },
  service_unavailable: {
    status: 503,
    meaning: "An upstream's budget, or this instance's hourly budget of model calls, is spent; see Retry-After.",
  },
  upstream_timeout: { status: 504, meaning: 'An upstream service did not answer in time.' },
  not_configured: {
    status: 503,
    meaning:
      'This deployment lacks what the feature needs (e.g. /docs without the swagger-ui-dist files, the AI routes without a chat model).',
  },
};

export interface SleeveErrorOptions {
  /** The parameter at fault, sent as `error.param`. */
  param?: string;
  /** More fields for the error body, e.g. `versions` on an unknown version. */
  extra?: Record<string, unknown>;
  /** Response headers the error needs (`Allow`, `Retry-After`). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class SleeveError extends Error {
  override readonly name = 'SleeveError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly param: string | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: SleeveErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.param = options.param;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

/** An upstream driver's failure, named the unstorage way: `[sleeve] [deezer] message`. */
export function upstreamError(
  driver: string,
  message: string,
  code: ErrorCode = 'upstream_error',
  cause?: unknown,
): SleeveError {
  return new SleeveError(code, `[sleeve] [${driver}] ${message}`, { cause });
}
