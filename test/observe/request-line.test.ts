/** D20's json line is built as a template for speed (issue #22): it must be exactly `JSON.stringify` of its record. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLine, type RequestRecord } from '../../core/observe/request-line.ts';

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constantFrom('"', '\\', '\u2028', '\u0000', '/a"b\\c', '::ffff:127.0.0.1'));
const record: fc.Arbitrary<RequestRecord> = fc.record(
  {
    time: fc.oneof(text, fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
    id: text,
    method: text,
    path: text,
    route: text,
    status: fc.integer({ min: 100, max: 599 }),
    ms: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer().map((n) => n / 10), fc.constant(-0)),
    cache: text,
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

  it('escapes what a forwarded address or a path could carry', () => {
    const r: RequestRecord = { time: 't', id: 'i', method: 'GET', path: '/a"b', route: '/r', status: 200, ms: 0.1, ip: '1.2.3.4"\n,"x":1', upstream: 0 };
    expect(JSON.parse(jsonLine(r))).toEqual(r);
  });
});
