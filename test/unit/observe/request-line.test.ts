/**
 * D20's json line is built by hand for speed (issue #22), as one template (`jsonLine`): it must
 * be exactly `JSON.stringify` of what the record says, over everything each field can hold
 * where it comes from (`records`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../core/logger.ts';
import { isoTime, jsonLine, rawPath } from '../../../core/observe/request-line.ts';
import { records } from './_records.ts';

/** What D20's line says of a record, in its order. */
const said = (r: RequestRecord) => ({
  time: new Date(Math.floor(r.time)).toISOString(),
  id: r.id,
  method: r.method,
  path: rawPath(r.url),
  route: r.route,
  status: r.status,
  ms: r.ms,
  cache: r.cache,
  ip: r.ip,
  upstream: r.upstream,
  error: r.error,
});

describe('jsonLine', () => {
  it('is JSON.stringify of what the record says, character for character', () => {
    fc.assert(
      fc.property(records, (r) => {
        expect(jsonLine(r)).toBe(JSON.stringify(said(r)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('escapes what a forwarded address could carry', () => {
    const r: RequestRecord = {
      time: 0,
      id: 'i',
      method: 'GET',
      url: 'http://h.test/a?q=1',
      route: '/r',
      status: 200,
      ms: 0.1,
      ip: '1.2.3.4"\n,"x":1\\',
      upstream: 0,
    };
    expect(JSON.parse(jsonLine(r))).toEqual(said(r));
  });
});

describe('isoTime', () => {
  it('is Date#toISOString of the millisecond, whatever order times come in (it remembers the last second and millisecond)', () => {
    const time = fc.oneof(
      fc.integer({ min: 0, max: 253402300799999 }),
      fc.double({ min: 0, max: 253402300799999, noNaN: true }),
    );
    // Runs of times near each other: the same millisecond, the same second, the next one.
    const runs = fc.array(fc.tuple(time, fc.array(fc.integer({ min: -1500, max: 1500 }), { maxLength: 8 })), {
      minLength: 1,
      maxLength: 20,
    });
    fc.assert(
      fc.property(runs, (groups) => {
        for (const [base, steps] of groups) {
          for (const t of [base, ...steps.map((d) => Math.max(0, base + d / 3))])
            expect(isoTime(t)).toBe(new Date(Math.floor(t)).toISOString());
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
