/**
 * @module
 * The error body and the older one of pins before 3.0.0 as shared schemas, one shared
 * response per error status, whose body is either shape (from the table
 * in `core/errors.ts`), and which of them an endpoint can answer, read from its declaration:
 * 400 when it takes parameters or a body, 401 unless public, 413 for a body, 429 when
 * limited, 502–504 when an upstream's failure can reach it, and 404, 405 and 500 always.
 */
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import type { AnyEndpoint } from '../http/endpoint.ts';
import { errorExample } from './error-examples.ts';
import { headerRefs, LIMIT_HEADERS } from './headers.ts';
import type { JsonSchema, Ref, Response } from './types.ts';

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];

export const ERROR_SCHEMA: JsonSchema = {
  description: 'Every error since 3.0.0. Version pins below 3.0.0 answer `LegacyError` instead, with the same status.',
  type: 'object',
  required: ['ok', 'error'],
  additionalProperties: false,
  properties: {
    ok: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      // More fields when the error has them: `requestId` on a 500, `versions` on an unknown version.
      additionalProperties: true,
      properties: {
        code: { type: 'string', enum: CODES },
        message: {
          type: 'string',
          description: 'What went wrong and, for a 400, the rule broken (`limit must be an integer from 1 to 25`).',
        },
        param: { type: 'string', description: 'The parameter at fault.' },
        requestId: { type: 'string', description: 'On a 500: quote it when reporting the bug.' },
      },
    },
  },
};

export const LEGACY_ERROR_SCHEMA: JsonSchema = {
  description:
    'Every error under a version pin below 3.0.0 (`/v2.5.0/…`): the message alone, with the same status as `Error`.',
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: { error: { type: 'string', description: "What went wrong, as `Error`'s `message` says it." } },
};

/**
 * An error's body, whichever server a client calls. One document describes the unprefixed
 * server and every version prefix's, so each error is one of the two shapes: `Error` since
 * 3.0.0, `LegacyError` under an older pin. They never both fit (`ok` is required by one and
 * refused by the other, `error` is an object in one and a string in the other), so a client
 * generated for a `/v2.5.0` base decodes its errors, and a validator tells them apart.
 */
const ERROR_BODY: JsonSchema = {
  oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/LegacyError' }],
};

/** The headers an error carries besides the body: the limits on a 429, `Allow` on a 405, the wait on a 503. */
const ERROR_HEADERS: Partial<Record<ErrorCode, readonly string[]>> = {
  rate_limited: ['Retry-After', ...LIMIT_HEADERS],
  method_not_allowed: ['Allow'],
  service_unavailable: ['Retry-After'],
};

/** Statuses in the table's order, each with the codes that answer it. */
function byStatus(): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const code of CODES) out.set(ERROR_CODES[code].status, [...(out.get(ERROR_CODES[code].status) ?? []), code]);
  return out;
}

/** The component name of a status's response: its code (`rate_limited`), or codes joined. */
const nameOf = (codes: readonly ErrorCode[]) => codes.join('_or_');

/** `components/responses`: one per status of the error table. */
export function errorResponses(): Record<string, Response> {
  return Object.fromEntries(
    [...byStatus()].map(([, codes]) => {
      const headers = codes.flatMap((code) => ERROR_HEADERS[code] ?? []);
      const response: Response = {
        description: codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].meaning}`).join(' '),
        ...(headers.length > 0 ? { headers: headerRefs(headers) } : {}),
        // One example per code, named by it: else a viewer makes one from the schema, and the
        // code enum's first value (`bad_request`) shows under every status.
        content: {
          'application/json': {
            schema: ERROR_BODY,
            examples: Object.fromEntries(codes.map((code) => [code, { value: errorExample(code) }])),
          },
        },
      };
      return [nameOf(codes), response];
    }),
  );
}

/** The error statuses an endpoint can answer, each as a reference to its shared response. */
export function errorRefs(endpoint: AnyEndpoint, limit: number | undefined): Record<string, Ref> {
  const post = endpoint.method === 'POST';
  const can: Record<number, boolean> = {
    400: endpoint.params !== undefined || endpoint.body !== undefined,
    401: !endpoint.public,
    404: true,
    405: true,
    413: post,
    429: limit !== undefined,
    500: true,
    502: endpoint.upstream !== false,
    503: endpoint.upstream !== false,
    504: endpoint.upstream !== false,
  };
  return Object.fromEntries(
    [...byStatus()]
      .filter(([status]) => can[status] ?? true)
      .map(([status, codes]) => [String(status), { $ref: `#/components/responses/${nameOf(codes)}` }]),
  );
}
