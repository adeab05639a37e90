/**
 * D65: a failed upstream call is one log line (the upstream, how it failed, the setting to
 * check), bounded per upstream and cause on the kit's clock, with the count of those held back;
 * never the address asked. And the setting named is the one the operator set.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import { SleeveError, upstreamError } from '../../../core/errors.ts';
import { textReplyOf, call } from '../../../core/drivers/kit/call/call.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import { FAILURE_LINE_MS, failureLog } from '../../../core/drivers/kit/failure-log.ts';
import type { FetchLike } from '../../../core/drivers/kit/call/fetch-like.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { systemClock } from '../../../core/drivers/kit/clock.ts';
import { optionsFromEnv } from '../../../core/wiring/config.ts';
import { rejection } from '../../helpers/rejection.ts';
import { fakeClock } from '../../helpers/clock.ts';

interface Logged {
  message: string;
  fields?: Record<string, unknown>;
}

function recorder() {
  const errors: Logged[] = [];
  const log = {
    info() {},
    error: (message: string, fields?: Record<string, unknown>) => void errors.push({ message, fields }),
  };
  return { log, errors };
}

/** A base with a secret in its query and an internal host: neither may be said. */
const BASE = 'http://10.0.0.5:8788/lrclib?key=s3cret';

describe('failed upstream calls in the log (D65)', () => {
  it('a flood: one line per upstream and cause a minute, each saying how many were held back since the last', () => {
    const { log, errors } = recorder();
    let now = 0;
    const failed = failureLog(log, () => now);
    const answered503 = upstreamError('lrclib', 'answered HTTP 503; check SLEEVE_LRCLIB_URL');
    const timedOut = upstreamError('deezer', 'sent no answer within 800 ms', 'upstream_timeout');
    // 1,000 failures each of two upstreams over 3 minutes (one every 0.18 s).
    for (let i = 0; i < 1000; i++, now += 180) {
      failed('lrclib', 'SLEEVE_LRCLIB_URL', answered503);
      failed('deezer', 'SLEEVE_DEEZER_URL', timedOut);
    }
    const lines = (upstream: string) => errors.filter((e) => e.fields?.['upstream'] === upstream);
    // At 0, 60 s, 120 s (and 180 s is past the flood's end): three lines each, not a thousand.
    expect(lines('lrclib')).toHaveLength(3);
    expect(lines('deezer')).toHaveLength(3);
    expect(lines('lrclib').map((e) => e.fields)).toEqual([
      { upstream: 'lrclib', cause: 'HTTP 5xx', setting: 'SLEEVE_LRCLIB_URL' },
      { upstream: 'lrclib', cause: 'HTTP 5xx', setting: 'SLEEVE_LRCLIB_URL', suppressed: 333 },
      { upstream: 'lrclib', cause: 'HTTP 5xx', setting: 'SLEEVE_LRCLIB_URL', suppressed: 333 },
    ]);
    expect(lines('deezer').map((e) => e.fields?.['cause'])).toEqual(['timeout', 'timeout', 'timeout']);
    expect(lines('lrclib')[1]!.message).toBe(
      `[lrclib] a call failed: HTTP 5xx; check SLEEVE_LRCLIB_URL (333 more like it since the last line; like failures are counted, not logged, for ${FAILURE_LINE_MS / 1000} s)`,
    );
    // Another cause of the same upstream is a line of its own at once.
    failed('lrclib', 'SLEEVE_LRCLIB_URL', upstreamError('lrclib', 'answered HTTP 404: nothing'));
    expect(errors.at(-1)!.fields).toEqual({ upstream: 'lrclib', cause: 'HTTP 4xx', setting: 'SLEEVE_LRCLIB_URL' });
  });

  it('through the kit: each failed call of an upstream, by cause, naming its setting and never its address or what it said', async () => {
    const clock = fakeClock();
    const { log, errors } = recorder();
    let answer: () => Promise<Response> = async () => new Response('boom at http://10.0.0.5/internal', { status: 503 });
    const fetch: FetchLike = (_url, init) => {
      init?.signal?.addEventListener('abort', () => hung(init.signal!.reason), { once: true });
      return answer();
    };
    const ctx = createDriverContext({
      storage: createStorage(),
      breaker: breaker({ clock: systemClock, onOutage() {} }),
      clock,
      log,
      fetch,
      settings: { SLEEVE_LRCLIB_URL: 'SLEEVE_UPSTREAMS' },
    });
    const up = ctx.upstream({ name: 'lrclib', base: BASE, timeoutMs: 1000, setting: 'SLEEVE_LRCLIB_URL' });
    const once = () => rejection(clock.runOut(call(up, '/api/get', {}, textReplyOf)));

    const http = await once();
    answer = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    await once();
    // A hung upstream: it lets go only when the call's timeout aborts it.
    answer = () => new Promise<Response>((_, reject) => void (hung = reject));
    let hung: (reason: unknown) => void = () => {};
    await once();
    answer = async () => new Response('<html>not json</html>', { status: 200 });
    const bad = await rejection(
      clock.runOut(call(up, '/api/get', {}, async (reply) => (await reply.json()) as unknown)),
    );
    // Not the upstream failing: its own not-found, and a budget's refusal, say nothing.
    answer = async () => new Response('{}', { status: 404 });
    await clock.runOut(call(up, '/api/get', {}, textReplyOf));

    expect(http).toBeInstanceOf(SleeveError);
    expect((http as SleeveError).message).toMatch(/check SLEEVE_UPSTREAMS$/);
    expect((bad as SleeveError).code).toBe('upstream_error');
    expect(errors.map((e) => e.fields)).toEqual([
      { upstream: 'lrclib', cause: 'HTTP 5xx', setting: 'SLEEVE_UPSTREAMS' },
      { upstream: 'lrclib', cause: 'unreachable (connection refused)', setting: 'SLEEVE_UPSTREAMS' },
      { upstream: 'lrclib', cause: 'timeout', setting: 'SLEEVE_UPSTREAMS' },
      { upstream: 'lrclib', cause: 'bad answer', setting: 'SLEEVE_UPSTREAMS' },
    ]);
    const said = JSON.stringify(errors);
    for (const secret of ['10.0.0.5', 's3cret', 'internal', 'SLEEVE_LRCLIB_URL', 'html'])
      expect(said).not.toContain(secret);
  });
});

describe('the setting an error names is the one the operator set (D65)', () => {
  it('SLEEVE_UPSTREAMS: named for each upstream it points somewhere; a variable of its own is named for its own', () => {
    const env = { SLEEVE_UPSTREAMS: 'http://127.0.0.1:8788', SLEEVE_DEEZER_URL: 'http://127.0.0.1:7001' };
    const { upstreamSettings } = optionsFromEnv(env).options;
    expect(upstreamSettings).toMatchObject({
      SLEEVE_LRCLIB_URL: 'SLEEVE_UPSTREAMS',
      SLEEVE_FEATURES_URL: 'SLEEVE_UPSTREAMS',
      SLEEVE_SPOTIFY_URL: 'SLEEVE_UPSTREAMS',
    });
    expect(upstreamSettings).not.toHaveProperty('SLEEVE_DEEZER_URL');
    expect(optionsFromEnv({}).options.upstreamSettings).toBeUndefined();
  });

  it("live mode under SLEEVE_UPSTREAMS: a failing upstream's 502, and its log line, name SLEEVE_UPSTREAMS", async () => {
    const { log, errors } = recorder();
    const lines: string[] = [];
    const { options } = optionsFromEnv({ SLEEVE_MODE: 'live', SLEEVE_UPSTREAMS: 'http://10.0.0.5:8788' });
    const sleeve = createSleeve({
      ...options,
      rateLimits: 'off',
      requestLog: 'json',
      // A name that does not resolve is not tried again: no pause between tries on the real clock.
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } })),
      log: { ...log, request: (line) => void lines.push(line) },
    });
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/lyrics?artist=Judy+Collins&title=Amazing+Grace', {
        headers: { 'User-Agent': 'Test/1.0 (test@example.com)' },
      }),
      { clientIp: '203.0.113.7' },
    );
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(502);
    expect(body.error.message).toMatch(/^\[sleeve\] \[lrclib\] .*; check SLEEVE_UPSTREAMS$/);
    expect(errors.map((e) => e.fields)).toContainEqual({
      upstream: 'lrclib',
      cause: 'unreachable (name not resolved)',
      setting: 'SLEEVE_UPSTREAMS',
    });
    // The request's own line says the same error.
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      status: 502,
      error: { code: 'upstream_error', message: body.error.message },
    });
    expect(JSON.stringify([errors, lines, body])).not.toMatch(/SLEEVE_LRCLIB_URL|10\.0\.0\.5/);
  });
});
