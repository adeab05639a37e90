/**
 * D20's json line is built as a template for speed (issue #22): it must be exactly
 * `JSON.stringify` of its record, over everything each field can hold where it comes from
 * (`RequestRecord`): any text for `ip` (a forwarded header's), URL-serialised paths, tokens for
 * methods, well-formed ids, declared routes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../core/routes/index.ts';
import { isoTime, jsonLine, rawPath, type RequestRecord } from '../../core/observe/request-line.ts';
import { UNMATCHED } from '../../core/http/route-label.ts';

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constantFrom('"', '\\', '\u2028', '\u0000', '/a"b\\c', '::ffff:127.0.0.1'));
const routes = [UNMATCHED, ...endpoints.flatMap((e) => [e.path, ...(e.aliases ?? [])])];
const record: fc.Arbitrary<RequestRecord> = fc.record(
  {
    time: fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31') }).map((d) => d.toISOString()),
    id: fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/)),
    method: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,12}$/),
    // What a Request's URL holds, however the caller wrote it (long ones are cut with `…`).
    path: fc.oneof(text, fc.string({ unit: 'binary', minLength: 500, maxLength: 700 })).map((written) => rawPath(new Request(`http://sleeve.test/p${written}`).url)),
    route: fc.constantFrom(...routes),
    status: fc.integer({ min: 100, max: 599 }),
    ms: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer().map((n) => n / 10), fc.constant(-0)),
    cache: fc.constantFrom('HIT', 'MISS', 'STALE'),
    ip: text,
    upstream: fc.nat(),
  },
  { requiredKeys: ['time', 'id', 'method', 'path', 'route', 'status', 'ms', 'upstream'] },
).map((r) => ({ time: r.time, id: r.id, method: r.method, path: r.path, route: r.route, status: r.status, ms: r.ms, cache: r.cache, ip: r.ip, upstream: r.upstream }));

describe('jsonLine', () => {
  it('is JSON.stringify of the record, character for character', () => {
    fc.assert(fc.property(record, (r) => {
      expect(jsonLine(r)).toBe(JSON.stringify(r));
    }), { numRuns: 5_000 });
  });

  it('escapes what a forwarded address could carry', () => {
    const r: RequestRecord = { time: 't', id: 'i', method: 'GET', path: '/a', route: '/r', status: 200, ms: 0.1, ip: '1.2.3.4"\n,"x":1\\', upstream: 0 };
    expect(JSON.parse(jsonLine(r))).toEqual(r);
  });
});

describe('isoTime', () => {
  it('is Date#toISOString of the millisecond, whatever order times come in (it remembers the last second and millisecond)', () => {
    const time = fc.oneof(fc.integer({ min: 0, max: 253402300799999 }), fc.double({ min: 0, max: 253402300799999, noNaN: true }));
    // Runs of times near each other: the same millisecond, the same second, the next one.
    const runs = fc.array(fc.tuple(time, fc.array(fc.integer({ min: -1500, max: 1500 }), { maxLength: 8 })), { minLength: 1, maxLength: 20 });
    fc.assert(fc.property(runs, (groups) => {
      for (const [base, steps] of groups) {
        for (const t of [base, ...steps.map((d) => Math.max(0, base + d / 3))]) expect(isoTime(t)).toBe(new Date(Math.floor(t)).toISOString());
      }
    }), { numRuns: 1_000 });
  });
});
