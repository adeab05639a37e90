/**
 * D20's json line as bytes (`encodeJsonLine`, issue #22): exactly `jsonLine`'s text as UTF-8,
 * whatever the record holds, and whatever the lines before it said (its parts are copied from
 * the last line that said the same).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeJsonLine } from '../../../core/observe/json-line-bytes.ts';
import type { RequestRecord } from '../../../core/logger.ts';
import { jsonLine } from '../../../core/observe/request-line.ts';
import { records } from './_records.ts';

describe('encodeJsonLine', () => {
  const utf8 = new TextDecoder();

  it("writes jsonLine's text and a newline as UTF-8, from where it is asked, and nothing before it", () => {
    fc.assert(
      fc.property(records, fc.nat(64), (r, at) => {
        const out = new Uint8Array(at + 4 * 1024).fill(7);
        const end = encodeJsonLine(r, out, at);
        expect(utf8.decode(out.subarray(at, end))).toBe(`${jsonLine(r)}\n`);
        expect(out.subarray(0, at).every((byte) => byte === 7)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('writes the same lines when most of each is what the last one said, and when that changes (its parts are copied from the last)', () => {
    // Small pools, so that lines repeat each other's parts, in part or whole, as a server's do.
    const repeating: fc.Arbitrary<RequestRecord> = fc.record(
      {
        time: fc.integer({ min: 1_764_126_000_000, max: 1_764_126_003_000 }),
        id: fc.uuid(),
        method: fc.constantFrom('GET', 'POST'),
        url: fc.constantFrom(
          'http://h.test/search/all?query=a',
          'http://h.test/search/all',
          'http://h.test/search/all#x',
          'http://h.test/search/al',
          'http://h.test/v2.5.0/search/all?q',
          'http://h.test/search/all/x',
          'http://h.test',
          'http://h.test/caf%C3%A9',
          `http://h.test/${'x'.repeat(600)}`,
          'http://h.test/é',
        ),
        route: fc.constantFrom('/search/all', '/editorial/genres', 'unmatched'),
        status: fc.constantFrom(200, 304, 404),
        ms: fc.constantFrom(0, 0.1, 2.5, 1e-7),
        cache: fc.constantFrom('HIT', 'MISS', undefined),
        ip: fc.constantFrom('127.0.0.1', '::1', 'a"b', undefined),
        upstream: fc.constantFrom(0, 1, 12),
        error: fc.constantFrom(undefined, { code: 'not_found' }, { code: 'upstream_error', message: 'a "b"' }),
      },
      { requiredKeys: ['time', 'id', 'method', 'url', 'route', 'status', 'ms', 'upstream'] },
    );
    fc.assert(
      fc.property(fc.array(repeating, { minLength: 2, maxLength: 40 }), (records) => {
        const out = new Uint8Array(64 * 1024);
        let at = 0;
        for (const r of records) {
          const end = encodeJsonLine(r, out, at);
          expect(utf8.decode(out.subarray(at, end))).toBe(`${jsonLine(r)}\n`);
          at = end;
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('answers -1 when the line does not fit, and its end whenever 1 KiB is to spare', () => {
    fc.assert(
      fc.property(records, fc.nat(64), (r, at) => {
        const bytes = new TextEncoder().encode(`${jsonLine(r)}\n`).length;
        expect(encodeJsonLine(r, new Uint8Array(at + bytes - 1), at)).toBe(-1);
        expect(encodeJsonLine(r, new Uint8Array(at + bytes + 1024), at)).toBe(at + bytes);
      }),
      { numRuns: 2_000 },
    );
  });
});
