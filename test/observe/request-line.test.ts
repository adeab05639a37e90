/**
 * D20's json line is built by hand for speed (issue #22), as a template (`jsonLine`) and as bytes
 * (`encodeJsonLine`): it must be exactly `JSON.stringify` of what the record says, over
 * everything each field can hold where it comes from (`RequestRecord`): any text for `ip` (a
 * forwarded header's), any URL a `Request` holds, tokens for methods, well-formed ids, declared
 * routes; and the bytes exactly the text's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../core/routes/index.ts';
import { encodeJsonLine, isoTime, jsonLine, rawPath, type RequestRecord } from '../../core/observe/request-line.ts';
import { UNMATCHED } from '../../core/http/route-label.ts';

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constantFrom('"', '\\', '\u2028', '\u0000', '/a"b\\c', '::ffff:127.0.0.1'));
const routes = [UNMATCHED, ...endpoints.flatMap((e) => [e.path, ...(e.aliases ?? [])])];
const record: fc.Arbitrary<RequestRecord> = fc.record(
  {
    time: fc.oneof(fc.integer({ min: 0, max: 253402300799999 }), fc.double({ min: 0, max: 253402300799999, noNaN: true })),
    id: fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/)),
    method: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,12}$/),
    // What a Request's URL holds, however the caller wrote it (long paths are cut with `…`).
    url: fc.oneof(text, fc.string({ unit: 'binary', minLength: 500, maxLength: 700 })).map((written) => new Request(`http://sleeve.test/p${written}`).url),
    route: fc.constantFrom(...routes),
    status: fc.integer({ min: 100, max: 599 }),
    ms: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer().map((n) => n / 10), fc.constant(-0)),
    cache: fc.constantFrom('HIT', 'MISS', 'STALE'),
    ip: text,
    upstream: fc.nat(),
  },
  { requiredKeys: ['time', 'id', 'method', 'url', 'route', 'status', 'ms', 'upstream'] },
);

/** What D20's line says of a record, in its order. */
const said = (r: RequestRecord) => ({
  time: new Date(Math.floor(r.time)).toISOString(), id: r.id, method: r.method, path: rawPath(r.url), route: r.route,
  status: r.status, ms: r.ms, cache: r.cache, ip: r.ip, upstream: r.upstream,
});

describe('jsonLine', () => {
  it('is JSON.stringify of what the record says, character for character', () => {
    fc.assert(fc.property(record, (r) => {
      expect(jsonLine(r)).toBe(JSON.stringify(said(r)));
    }), { numRuns: 5_000 });
  });

  it('escapes what a forwarded address could carry', () => {
    const r: RequestRecord = { time: 0, id: 'i', method: 'GET', url: 'http://h.test/a?q=1', route: '/r', status: 200, ms: 0.1, ip: '1.2.3.4"\n,"x":1\\', upstream: 0 };
    expect(JSON.parse(jsonLine(r))).toEqual(said(r));
  });
});

describe('encodeJsonLine', () => {
  const utf8 = new TextDecoder();

  it("writes jsonLine's text and a newline as UTF-8, from where it is asked, and nothing before it", () => {
    fc.assert(fc.property(record, fc.nat(64), (r, at) => {
      const out = new Uint8Array(at + 4 * 1024).fill(7);
      const end = encodeJsonLine(r, out, at);
      expect(utf8.decode(out.subarray(at, end))).toBe(`${jsonLine(r)}\n`);
      expect(out.subarray(0, at).every((byte) => byte === 7)).toBe(true);
    }), { numRuns: 5_000 });
  });

  it('writes the same lines when most of each is what the last one said, and when that changes (its parts are copied from the last)', () => {
    // Small pools, so that lines repeat each other's parts, in part or whole, as a server's do.
    const repeating: fc.Arbitrary<RequestRecord> = fc.record({
      time: fc.integer({ min: 1_764_126_000_000, max: 1_764_126_003_000 }),
      id: fc.uuid(),
      method: fc.constantFrom('GET', 'POST'),
      url: fc.constantFrom('http://h.test/search/all?query=a', 'http://h.test/search/all', 'http://h.test/search/all#x', 'http://h.test/search/al', 'http://h.test/v2.5.0/search/all?q', 'http://h.test/search/all/x', 'http://h.test', 'http://h.test/caf%C3%A9', `http://h.test/${'x'.repeat(600)}`, 'http://h.test/é'),
      route: fc.constantFrom('/search/all', '/editorial/genres', 'unmatched'),
      status: fc.constantFrom(200, 304, 404),
      ms: fc.constantFrom(0, 0.1, 2.5, 1e-7),
      cache: fc.constantFrom('HIT', 'MISS', undefined),
      ip: fc.constantFrom('127.0.0.1', '::1', 'a"b', undefined),
      upstream: fc.constantFrom(0, 1, 12),
    }, { requiredKeys: ['time', 'id', 'method', 'url', 'route', 'status', 'ms', 'upstream'] });
    fc.assert(fc.property(fc.array(repeating, { minLength: 2, maxLength: 40 }), (records) => {
      const out = new Uint8Array(64 * 1024);
      let at = 0;
      for (const r of records) {
        const end = encodeJsonLine(r, out, at);
        expect(utf8.decode(out.subarray(at, end))).toBe(`${jsonLine(r)}\n`);
        at = end;
      }
    }), { numRuns: 1_000 });
  });

  it('answers -1 when the line does not fit, and its end whenever 1 KiB is to spare', () => {
    fc.assert(fc.property(record, fc.nat(64), (r, at) => {
      const bytes = new TextEncoder().encode(`${jsonLine(r)}\n`).length;
      expect(encodeJsonLine(r, new Uint8Array(at + bytes - 1), at)).toBe(-1);
      expect(encodeJsonLine(r, new Uint8Array(at + bytes + 1024), at)).toBe(at + bytes);
    }), { numRuns: 2_000 });
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
