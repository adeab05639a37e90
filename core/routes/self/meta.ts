/** @module `GET /errors`: every error code with its HTTP status and meaning. Public. */
import { ERROR_CODES, type ErrorCode } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { errorsListSchema } from '../../schemas/responses/index.ts';

export const errorsList = defineEndpoint({
  path: '/errors',
  summary: 'Every error code with its HTTP status and meaning.',
  public: true,
  // Answered from the table alone: no upstream failure can reach it.
  upstream: false,
  response: errorsListSchema,
  handle() {
    return {
      shape: '{ "ok": false, "error": { "code", "message", ...extra } }',
      errors: (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => ({ code, ...ERROR_CODES[code] })),
    };
  },
});
