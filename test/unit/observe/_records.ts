/**
 * Request records as the log gets them, over everything each field can hold where it comes from
 * (`RequestRecord`): any text for `ip` (a forwarded header's), any URL a `Request` holds, tokens
 * for methods, well-formed ids, declared routes.
 */
import fc from 'fast-check';
import { ERROR_CODES, type ErrorCode } from '../../../core/errors.ts';
import { UNMATCHED } from '../../../core/http/layers/route-label.ts';
import type { RequestRecord } from '../../../core/logger.ts';
import { endpoints } from '../../../core/routes/index.ts';

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('"', '\\', '\u2028', '\u0000', '/a"b\\c', '::ffff:127.0.0.1'),
);
const routes = [UNMATCHED, ...endpoints.flatMap((e) => [e.path, ...(e.aliases ?? [])])];
export const records: fc.Arbitrary<RequestRecord> = fc.record(
  {
    time: fc.oneof(
      fc.integer({ min: 0, max: 253402300799999 }),
      fc.double({ min: 0, max: 253402300799999, noNaN: true }),
    ),
    id: fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/)),
    method: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,12}$/),
    // What a Request's URL holds, however the caller wrote it (long paths are cut with `…`).
    url: fc
      .oneof(text, fc.string({ unit: 'binary', minLength: 500, maxLength: 700 }))
      .map((written) => new Request(`http://sleeve.test/p${written}`).url),
    route: fc.constantFrom(...routes),
    status: fc.integer({ min: 100, max: 599 }),
    ms: fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer().map((n) => n / 10),
      fc.constant(-0),
    ),
    cache: fc.constantFrom('HIT', 'MISS', 'STALE'),
    ip: text,
    upstream: fc.nat(),
    // A failure's (D65): an ErrorCode, and a message that may hold anything an upstream said.
    error: fc.record(
      { code: fc.constantFrom(...(Object.keys(ERROR_CODES) as ErrorCode[])), message: text },
      { requiredKeys: ['code'] },
    ),
  },
  { requiredKeys: ['time', 'id', 'method', 'url', 'route', 'status', 'ms', 'upstream'] },
);
