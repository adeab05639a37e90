/**
 * Retries in the one upstream caller (`core/drivers/kit/call/call.ts`, issue #43): which failures
 * are tried again and which are not, each try through the budget, within the call's time;
 * and errors that say what happened, where, and which setting points there.
 */
import { describe, expect, it } from 'vitest';
import { SleeveError, upstreamError } from '../../../core/errors.ts';
import type { Budget } from '../../../core/drivers/kit/budget/budget.ts';
import {
  textReplyOf,
  call,
  FIRST_BYTE_MS,
  MAX_TRIES,
  MIN_TRY_MS,
  retryable,
  TRY_MS,
  type UpstreamCallOptions,
  type Reply,
  type Upstream,
} from '../../../core/drivers/kit/call/call.ts';
import { networkFailure } from '../../../core/utils/network-failure.ts';
import { rejection } from '../../helpers/rejection.ts';
import { fakeClock, type FakeClock } from '../../helpers/clock.ts';
import { hang, ok, refused, scriptedFetch, type Step } from '../../helpers/drivers/scripted-upstream.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

/** An upstream answering each try with the next step (the last one again once they run out), taking a turn of a counting budget first. */
function scripted(steps: Step[], more: Partial<Upstream> = {}) {
  // Virtual unless a test brings its own: no test here waits in real time.
  const clock = more.clock ?? fakeClock();
  const now = () => clock.now();
  const takes: { at: number; until: number | undefined }[] = [];
  let refuseFrom = Infinity;
  const budget = {
    take: async (_scope?: unknown, options?: { until?: number }) => {
      takes.push({ at: now(), until: options?.until });
      if (takes.length >= refuseFrom) throw new SleeveError('service_unavailable', 'no turn');
    },
    pause() {},
  } as unknown as Budget;
  const { fetch, sent: tries } = scriptedFetch(steps, clock);
  const up: Upstream = {
    name: 'test',
    base: 'https://up.test/api',
    fetch,
    clock,
    timeoutMs: 2500,
    budget,
    setting: 'SLEEVE_TEST_URL',
    ...more,
  };
  return { up, tries, takes, refuseFrom: (n: number) => (refuseFrom = n) };
}

/** The call, its timers run out on its upstream's virtual clock. */
const runOut = <T>(up: Upstream, work: Promise<T>): Promise<T> => (up.clock as FakeClock).runOut(work);
const json = (up: Upstream, options: UpstreamCallOptions = {}) =>
  runOut(
    up,
    call(up, '/x', options, (reply: Reply) => reply.json()),
  );
/** A body cut off halfway: its stream errors after the first bytes. */
const truncated: Step = () =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"ok":'));
        c.error(new TypeError('terminated'));
      },
    }),
    { headers: { 'content-type': 'application/json' } },
  );
/** A body that drips a byte at a time until the try's signal ends it. */
const drip: Step = (init) =>
  new Response(
    new ReadableStream({
      start(c) {
        const timer = setInterval(() => c.enqueue(new TextEncoder().encode(' ')), 50);
        init!.signal!.addEventListener('abort', () => (clearInterval(timer), c.error(init!.signal!.reason)), {
          once: true,
        });
      },
    }),
  );

describe('kit/call retries', () => {
  it('a reset, refused connection, 5xx, truncated body, body that is not JSON or over the limit where JSON was asked: tried again, each try with a budget turn', async () => {
    const failures: [string, Step][] = [
      ['reset', refused('ECONNRESET')],
      ['refused', refused('ECONNREFUSED')],
      ['5xx', () => new Response('<html>bad gateway</html>', { status: 502 })],
      ['truncated', truncated],
      ['not JSON', () => new Response('<html>maintenance</html>')],
      ['over the limit', () => new Response('x'.repeat(2000))],
    ];
    for (const [what, step] of failures) {
      const { up, tries, takes } = scripted([step, ok]);
      expect(await json(up, { maxBytes: 1000 }), what).toEqual({ ok: true });
      expect([tries.length, takes.length], what).toEqual([2, 2]);
      // Jittered: not back at once.
      expect(tries[1]! - tries[0]!, what).toBeGreaterThanOrEqual(40);
    }
  });

  it(`at most ${MAX_TRIES} tries; the error is the last one's, saying where and which setting points there`, async () => {
    const { up, tries } = scripted([() => new Response('busy', { status: 503 })]);
    const error = await rejection(json(up));
    expect(tries).toHaveLength(MAX_TRIES);
    expect([error.code, error.message]).toEqual([
      'upstream_error',
      '[sleeve] [test] answered HTTP 503; check SLEEVE_TEST_URL',
    ]);
  });

  it('never for a 4xx, a "not found", a driver\'s own error, a name that does not resolve, a POST or a raw call', async () => {
    const once = async (
      step: Step,
      options: UpstreamCallOptions = {},
      read: (reply: Reply) => unknown = (reply) => reply.json(),
    ) => {
      const { up, tries } = scripted([step, ok]);
      await runOut(up, call(up, '/x', options, read)).catch(() => {});
      return tries.length;
    };
    expect(
      await once(
        () => new Response('{}', { status: 404 }),
        {},
        (reply) => reply.status,
      ),
    ).toBe(1);
    expect(await once(() => new Response('nope', { status: 400 }), {}, textReplyOf)).toBe(1);
    expect(
      await once(ok, {}, () => {
        throw upstreamError('test', 'answered error 100');
      }),
    ).toBe(1);
    expect(await once(refused('ENOTFOUND'))).toBe(1);
    expect(await once(() => new Response('busy', { status: 500 }), { method: 'POST' })).toBe(1);
    expect(
      await once(
        () => new Response('busy', { status: 500 }),
        { raw: true },
        (reply) => reply.status,
      ),
    ).toBe(1);
    // A driver may mark its own as worth another try.
    expect(
      await once(ok, {}, () => {
        throw retryable(upstreamError('test', 'answered error 700: service busy'));
      }),
    ).toBe(MAX_TRIES);
  });

  // On the kit's clock, virtual (issue #52): the call's timeouts and pauses are read on it.
  it(`no first byte within ${FIRST_BYTE_MS} ms, or no whole body within ${TRY_MS} ms: the try is given up and another made, within the call's 2.5 s`, async () => {
    for (const step of [hang, drip]) {
      const clock = fakeClock();
      const { up, tries } = scripted([step, ok], { clock });
      const started = clock.now();
      expect(await json(up)).toEqual({ ok: true });
      expect(tries).toHaveLength(2);
      const gaveUp = tries[1]! - tries[0]!;
      expect(gaveUp).toBeGreaterThanOrEqual((step === hang ? FIRST_BYTE_MS : TRY_MS) - 20);
      expect(clock.now() - started).toBeLessThan(2500);
    }
  });

  it('an upstream that never answers costs the call its 2.5 s, no more: the last try has what is left', async () => {
    const clock = fakeClock();
    const { up, tries, takes } = scripted([hang], { clock });
    const started = clock.now();
    const error = await rejection(json(up));
    const took = clock.now() - started;
    expect(error.code).toBe('upstream_timeout');
    expect(error.message).toMatch(/^\[sleeve\] \[test\] sent no answer within \d+ ms; check SLEEVE_TEST_URL$/);
    expect(took).toBeGreaterThanOrEqual(2400);
    expect(took).toBeLessThan(2800);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    // Each retry's turn must come while a try is still worth making.
    for (const take of takes.slice(1)) expect(take.until).toBeLessThanOrEqual(takes[0]!.at + 2500 - MIN_TRY_MS);
  });

  it('a retry that gets no turn in time: the caller hears what failed, not the budget', async () => {
    const { up, tries, refuseFrom } = scripted([() => new Response('busy', { status: 500 })]);
    refuseFrom(2);
    const error = await rejection(json(up));
    expect([tries.length, error.code, error.message]).toEqual([
      1,
      'upstream_error',
      '[sleeve] [test] answered HTTP 500; check SLEEVE_TEST_URL',
    ]);
  });

  it('a caller that aborts between tries is not tried for again', async () => {
    const controller = new AbortController();
    const { up, tries } = scripted([
      () => (controller.abort(new Error('left')), new Response('busy', { status: 500 })),
    ]);
    await expect(json(up, { scope: unboundScope(controller.signal) })).rejects.toThrow();
    expect(tries).toHaveLength(1);
  });
});

describe("why a fetch failed, in an operator's words (network-failure.ts)", () => {
  it("reads Node's, Bun's and Deno's ways of saying it", () => {
    const node = (code: string, message: string) =>
      new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
    const cases: [unknown, string, boolean][] = [
      [node('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'), 'connection refused (ECONNREFUSED)', true],
      [node('ENOTFOUND', 'getaddrinfo ENOTFOUND api.deezer.invalid'), 'name not resolved (ENOTFOUND)', false],
      [node('EAI_AGAIN', 'getaddrinfo EAI_AGAIN api.deezer.com'), 'name not resolved (EAI_AGAIN)', true],
      [node('UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'), 'TLS failed', false],
      [node('ECONNRESET', 'read ECONNRESET'), 'connection reset (ECONNRESET)', true],
      [
        Object.assign(new TypeError('ECONNREFUSED: Unable to connect. Is the computer able to access the url?'), {
          code: 'ECONNREFUSED',
        }),
        'connection refused (ECONNREFUSED)',
        true,
      ],
      [
        new TypeError(
          'error sending request for url (http://x.invalid/): client error (Connect): dns error: failed to lookup address information',
        ),
        'name not resolved',
        false,
      ],
      [node('ETIMEDOUT', 'connect ETIMEDOUT 10.255.255.1:6379'), 'timed out (ETIMEDOUT)', true],
      // ioredis's words for a command with no reply within its commandTimeout (storage/redis.ts).
      [new Error('Command timed out'), 'timed out', true],
      [new TypeError('fetch failed'), 'fetch failed', true],
    ];
    for (const [error, words, transient] of cases) expect(networkFailure(error)).toMatchObject({ words, transient });
  });
});
