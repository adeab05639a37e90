/**
 * @module
 * An example body for each error code, as the shared error responses show them. Without them
 * a reader of `/docs` saw the one example Swagger UI makes up from the schema, the code
 * enum's first value, `bad_request`, under every status. The messages are written as the
 * service words them; the ids in them are made up.
 */
import type { ErrorCode } from '../errors.ts';

type Example = { message: string; param?: string; requestId?: string };

const REQUEST_ID = '0f4c2d9e-7b1a-4c3e-9a55-2e8d1f6b3c70';

const EXAMPLES: Readonly<Record<ErrorCode, Example>> = {
  bad_request: { message: 'limit must be an integer from 1 to 100', param: 'limit' },
  unauthorized: {
    message:
      'Send a User-Agent header with a contact e-mail address, such as "MyApp/1.0 (you@example.com)", so we can reach you if your client misbehaves. From a browser, send it as Api-User-Agent.',
  },
  not_found: { message: 'No artist with id 1.' },
  method_not_allowed: { message: 'DELETE is not allowed on /track/hot; use GET, HEAD, OPTIONS.' },
  payload_too_large: { message: 'A request body is at most 65536 bytes.' },
  rate_limited: { message: 'Too many requests to /search/all: at most 60 per minute per client. Retry in 56 s.' },
  internal_error: {
    message: `Something went wrong on our side; quote request id ${REQUEST_ID} when reporting it.`,
    requestId: REQUEST_ID,
  },
  upstream_error: { message: '[sleeve] [deezer] answered HTTP 500; check SLEEVE_DEEZER_URL' },
  service_unavailable: {
    message: '[sleeve] [deezer] upstream call budget exhausted (64 calls already waiting); retry in 3 s',
  },
  upstream_timeout: { message: 'An upstream service did not answer in time.' },
  not_configured: {
    message:
      'Lyrics come from LRCLIB, which only live mode asks (SLEEVE_MODE=live); demo mode has no lyrics and never invents any.',
  },
};

/** The error body a response of `code` carries, in the current (D3) shape. */
export function errorExample(code: ErrorCode): { ok: false; error: { code: ErrorCode } & Example } {
  return { ok: false, error: { code, ...EXAMPLES[code] } };
}
