/**
 * @module
 * `SleeveApiError`: what a call rejects with when Sleeve (or whatever stands in front of it)
 * answers an error. It reads the three bodies a caller can meet: D3's
 * `{ ok: false, error: { code, message, param?, ... } }`, the legacy `{ error: "<message>" }`
 * of pins below 3.0.0 (D7; the code is then the status's own), and anything else (a proxy's
 * HTML page, an image's placeholder), which is `unknown`. Network failures and aborts are not
 * answers: they reject with `fetch`'s own error, untouched.
 */
import type { ErrorCode } from '../core/errors.ts';

/** D3's codes, `unknown` for an answer that is not Sleeve's JSON; a newer server may add codes. */
export type SleeveApiErrorCode = ErrorCode | 'unknown' | (string & {});

/**
 * Each status's code, for legacy bodies, which carry only a message. A copy of D3's table
 * (`core/errors.ts`), kept here so the client loads nothing of the server; a test keeps the
 * two in step. A 503 reads as `service_unavailable`: `not_configured` shares the status, and a
 * legacy body cannot tell them apart.
 */
export const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'upstream_error',
  503: 'service_unavailable',
  504: 'upstream_timeout',
};

export interface SleeveApiErrorInit {
  code: SleeveApiErrorCode;
  status: number;
  message: string;
  param?: string | undefined;
  retryAfter?: number | undefined;
  body: unknown;
  headers: Headers;
  url: string;
}

export class SleeveApiError extends Error {
  override readonly name = 'SleeveApiError';
  /** D3's `error.code`, the status's code for a legacy body, `unknown` for anything else. */
  readonly code: SleeveApiErrorCode;
  /** The HTTP status. */
  readonly status: number;
  /** D4: the parameter at fault (`limit`, `requests.0.path`), when the server named one. */
  readonly param: string | undefined;
  /** Seconds to wait before asking again, from `Retry-After` (429, 503); else undefined. */
  readonly retryAfter: number | undefined;
  /** The body as sent: parsed JSON when it was JSON, else its text. Holds D3's extras (`requestId`, `versions`). */
  readonly body: unknown;
  readonly headers: Headers;
  /** The URL asked. */
  readonly url: string;

  constructor(init: SleeveApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.param = init.param;
    this.retryAfter = init.retryAfter;
    this.body = init.body;
    this.headers = init.headers;
    this.url = init.url;
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Retry-After` is seconds or an HTTP date (RFC 9110 §10.2.3); either becomes whole seconds from now. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Reads an error answer's body (once) into a `SleeveApiError`. */
export async function apiErrorFrom(res: Response, url: string): Promise<SleeveApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text, and the code is unknown.
  }
  const common = {
    status: res.status,
    body,
    headers: res.headers,
    url,
    retryAfter: retryAfterSeconds(res.headers.get('retry-after')),
  };
  const error = isObject(body) ? body['error'] : undefined;
  if (isObject(error) && typeof error['code'] === 'string') {
    const param = typeof error['param'] === 'string' ? error['param'] : undefined;
    return new SleeveApiError({
      ...common,
      code: error['code'],
      message: String(error['message'] ?? error['code']),
      param,
    });
  }
  if (typeof error === 'string')
    return new SleeveApiError({ ...common, code: CODE_OF_STATUS[res.status] ?? 'unknown', message: error });
  const reason = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
  return new SleeveApiError({
    ...common,
    code: 'unknown',
    message: `The server answered ${reason}, not a Sleeve error body.`,
  });
}
