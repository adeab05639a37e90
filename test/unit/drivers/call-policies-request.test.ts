/**
 * The inner policies of an upstream call (`core/drivers/kit/call/`), each alone around a fake
 * `next`, on a virtual clock: the whole try's timeout, the first-byte timeout apart from it,
 * redirects, the statuses that fail, and the report of each request sent.
 */
import { describe, expect, it } from 'vitest';
import { firstByte } from '../../../core/drivers/kit/policies/first-byte.ts';
import type { Call, UpstreamRequest } from '../../../core/drivers/kit/call/policy.ts';
import { redirects } from '../../../core/drivers/kit/policies/redirects.ts';
import { HoldOff } from '../../../core/drivers/kit/call/hold-off.ts';
import { reportSent } from '../../../core/drivers/kit/policies/report-sent.ts';
import { failingStatuses } from '../../../core/drivers/kit/policies/status.ts';
import { wholeTry } from '../../../core/drivers/kit/policies/whole-try.ts';
import { PassingFailure } from '../../../core/drivers/kit/refusals.ts';
import { requestScope } from '../../../core/drivers/kit/scope.ts';
import { upstreamTally } from '../../../core/drivers/kit/tally.ts';
import { rejection } from '../../helpers/rejection.ts';
import { replyOf, requestTo, testUpstream, toldReport } from './_call-request.ts';

/**
 * A fake `next` as `send.ts` is: it waits `answerMs` for the status line (or until the request's
 * signal aborts, failing in the words the policies give it), then gives `read` an answer of
 * `status` whose reading takes `readMs`.
 */
function sending(
  answers: { status: number; headers?: Record<string, string>; answerMs?: number; readMs?: number }[],
): Call & { urls: string[] } {
  const urls: string[] = [];
  const next = (async <T>(request: UpstreamRequest<T>): Promise<T> => {
    const { status, headers, answerMs = 0, readMs = 0 } = answers[Math.min(urls.length, answers.length - 1)]!;
    urls.push(request.url);
    const { clock } = request.upstream;
    const explained = (error: unknown, what: 'answer' | 'body') => request.explain(error, what) ?? error;
    try {
      if (answerMs > 0) await clock.sleep(answerMs, request.signal);
    } catch (error) {
      throw explained(error, 'answer');
    }
    const reply = replyOf(request.upstream, status, headers);
    return request.read({
      ...reply,
      text: async () => {
        try {
          if (readMs > 0) await clock.sleep(readMs, request.signal);
        } catch (error) {
          throw explained(error, 'body');
        }
        return 'body';
      },
    });
  }) as Call & { urls: string[] };
  next.urls = urls;
  return next;
}

describe('the whole try policy', () => {
  it('ends the try at its total time, body included, in its own words', async () => {
    const upstream = testUpstream();
    const times = { firstByteMs: 100, totalMs: 200 };
    const request = requestTo(upstream, { times, read: async (reply) => (await reply.text()).length });
    const slowBody = wholeTry(sending([{ status: 200, answerMs: 50, readMs: 500 }]));
    const error = await rejection(upstream.clock.runOut(slowBody(request)));
    expect([error.code, error.message, error]).toEqual([
      'upstream_timeout',
      '[sleeve] [test] sent no body within 200 ms',
      expect.any(PassingFailure),
    ]);
    expect(upstream.clock.now() - testUpstream().clock.now()).toBe(200);
  });

  it("starts no try for a caller gone: the caller's own reason", async () => {
    const upstream = testUpstream();
    const controller = new AbortController();
    controller.abort(new Error('client left'));
    const scope = requestScope({ signal: controller.signal, now: upstream.clock.now() });
    const next = sending([{ status: 200 }]);
    await expect(wholeTry(next)(requestTo(upstream, { options: { scope } }))).rejects.toThrow('client left');
    expect(next.urls).toEqual([]);
  });
});

describe('the first-byte policy', () => {
  it('gives up a silent request at its first-byte time, apart from the whole try', async () => {
    const upstream = testUpstream();
    const times = { firstByteMs: 100, totalMs: 200 };
    const call = wholeTry(firstByte(sending([{ status: 200, answerMs: 150 }])));
    const error = await rejection(upstream.clock.runOut(call(requestTo(upstream, { times }))));
    expect([error.code, error.message]).toEqual(['upstream_timeout', '[sleeve] [test] sent no answer within 100 ms']);
  });

  it('stops once the status line is in: the body has the rest of the whole time', async () => {
    const upstream = testUpstream();
    const times = { firstByteMs: 100, totalMs: 400 };
    const request = requestTo(upstream, { times, read: async (reply) => (await reply.text()).length });
    const call = wholeTry(firstByte(sending([{ status: 200, answerMs: 50, readMs: 200 }])));
    expect(await upstream.clock.runOut(call(request))).toBe(4);
  });
});

describe('the redirect policy', () => {
  it('follows a redirect within the base, each a request of its own', async () => {
    const upstream = testUpstream();
    const next = sending([{ status: 302, headers: { location: '/y' } }, { status: 200 }]);
    expect(await redirects(next)(requestTo(upstream))).toBe(200);
    expect(next.urls).toEqual(['http://up.test/x', 'http://up.test/y']);
  });

  it('answers a redirect elsewhere with a 502, and gives it as it came to a manual or raw call', async () => {
    const upstream = testUpstream();
    const elsewhere = [{ status: 301, headers: { location: 'http://127.0.0.1/admin' } }];
    const error = await rejection(redirects(sending(elsewhere))(requestTo(upstream)));
    expect([error.code, error.message]).toEqual([
      'upstream_error',
      '[sleeve] [test] answered HTTP 301 to somewhere else',
    ]);
    for (const options of [{ redirect: 'manual' as const }, { raw: true }])
      expect(await redirects(sending(elsewhere))(requestTo(upstream, { options }))).toBe(301);
  });
});

describe('the failing statuses policy', () => {
  it('takes a 5xx as a failure another try may mend, a 429 passed on as a 503 with its Retry-After', async () => {
    const upstream = testUpstream();
    const failed = await rejection(failingStatuses(sending([{ status: 503 }]))(requestTo(upstream)));
    expect([failed.code, failed]).toEqual(['upstream_error', expect.any(PassingFailure)]);
    const limited = sending([{ status: 429, headers: { 'retry-after': '7' } }]);
    const passed = await rejection(
      failingStatuses(limited)(requestTo(upstream, { options: { passOnRateLimit: true } })),
    );
    expect([passed.code, passed.headers['Retry-After']]).toEqual(['service_unavailable', '7']);
    expect(await failingStatuses(limited)(requestTo(upstream))).toBe(429);
  });

  it('gives a raw call every status', async () => {
    const upstream = testUpstream();
    expect(await failingStatuses(sending([{ status: 500 }]))(requestTo(upstream, { options: { raw: true } }))).toBe(
      500,
    );
  });
});

describe('the report policy', () => {
  it("reports each request once with how it ended, and counts it on the scope's tally", async () => {
    const report = toldReport();
    const upstream = testUpstream({ report });
    const tally = upstreamTally();
    const scope = requestScope({ tally, now: upstream.clock.now() });
    const options = { scope, passOnRateLimit: true };
    // In their order: the statuses judged above the report, which sees how each request ended.
    const reported = (next: Call) =>
      failingStatuses(reportSent(next))(requestTo(upstream, { options })).catch(() => undefined);
    await reported(sending([{ status: 200 }]));
    await reported(sending([{ status: 503 }]));
    await reported(sending([{ status: 429 }]));
    await reported(() => Promise.reject(new TypeError('fetch failed')));
    expect(report.results).toEqual(['ok', 'http_5xx', 'http_4xx', 'unreachable']);
    expect([tally.upstream, report.refusals]).toEqual([4, []]);
  });

  it('reports an answer saying "hold off" as the upstream answering, though its caller has gone', async () => {
    const report = toldReport();
    const upstream = testUpstream({ report });
    const controller = new AbortController();
    const scope = requestScope({ signal: controller.signal, now: upstream.clock.now() });
    // Deezer's quota, read whole from an HTTP 200, after the client hung up.
    const read = () => {
      controller.abort(new Error('client gone'));
      throw new HoldOff(1000, 'service_unavailable', 'quota');
    };
    await reportSent(sending([{ status: 200 }]))(requestTo(upstream, { options: { scope }, read })).catch(
      () => undefined,
    );
    expect(report.results).toEqual(['ok']);
  });

  it('reports each redirect followed as a request of its own', async () => {
    const report = toldReport();
    const upstream = testUpstream({ report });
    const next = sending([{ status: 307, headers: { location: '/y' } }, { status: 200 }]);
    await redirects(reportSent(next))(requestTo(upstream));
    expect(report.results).toEqual(['ok', 'ok']);
  });
});
