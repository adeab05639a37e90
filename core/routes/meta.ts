/** @module `GET /errors` (D3): every error code with its HTTP status and meaning. Public (D2). */
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';

export interface ErrorsList {
  /** The body shape since 3.0.0; pins below 3.0.0 answer `{ "error": "<message>" }`. */
  shape: string;
  errors: { code: ErrorCode; status: number; meaning: string }[];
}

export const errorsList: Endpoint = defineEndpoint({
  path: '/errors',
  public: true,
  handle(): ErrorsList {
    return {
      shape: '{ "ok": false, "error": { "code", "message", ...extra } }',
      errors: (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => ({ code, ...ERROR_CODES[code] })),
    };
  },
});
