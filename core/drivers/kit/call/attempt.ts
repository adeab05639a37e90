/**
 * @module
 * One try of an upstream call (`call.ts` composes the tries): the request and its same-base
 * redirects within the try's times (`TryTimes`: its first byte, its whole answer, both on the
 * upstream's clock), the size limit, a 5xx or a passed-on 429, and `read` given the answer. A
 * failure another try may mend is a `PassingFailure` (`refusals.ts`); the caller's abort is the
 * caller's own reason, never an upstream error.
 */
import { SleeveError } from '../../../errors.ts';
import { networkFailure } from '../../../utils/network-failure.ts';
import type { Clock } from '../clock.ts';
import { readAtMost } from './read-limited.ts';
import { retryable } from '../refusals.ts';
import { resultOf, unansweredResultOf } from './report.ts';
import { failure, isRedirect, jsonOf, type UpstreamCallOptions, type Reply, type Upstream } from './upstream.ts';

/** A redirect within the upstream's own base is followed at most this many times (`same-base`, the default). */
const MAX_SAME_BASE_REDIRECTS = 3;

/**
 * The largest body read when a caller names no `maxBytes`: far above any JSON answer Sleeve
 * reads (Deezer's largest, a 100-track listing, is about 300 KB), far below what would hurt
 * the process (a misbehaving CDN's 40 MB).
 */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** One try's time: all of it until its first byte, then the whole answer (`TRY_MS` unless it is the last). */
export interface TryTimes {
  firstByteMs: number;
  totalMs: number;
}

/** The caller's signal combined with a call's timeout: the call ends at whichever comes first. */
function withTimeout(signal: AbortSignal | undefined, timeout: AbortSignal): AbortSignal {
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * A 429 passed on: `503 service_unavailable` with the upstream's `Retry-After` in whole seconds
 * (5 when it names none or a date; an hour at most, whatever it asks).
 */
function rateLimited(upstream: Upstream, headers: Headers): SleeveError {
  const seconds = Number(headers.get('retry-after') ?? '');
  const whose = upstream.speaker === undefined ? 'the upstream' : `${upstream.speaker}'s`;
  return new SleeveError(
    'service_unavailable',
    `[sleeve] [${upstream.name}] ${whose} rate limit is exhausted; try again shortly`,
    {
      headers: { 'Retry-After': String(Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 3600) : 5) },
    },
  );
}

/**
 * The absolute target of a redirect when it is on the same base, else null. On the base means on
 * its origin, so a redirect followed never leaves the base's host, nor its kind of network: a
 * public upstream cannot send Sleeve to a loopback or private address, whatever its spelling
 * (`2130706433`, `[::ffff:127.0.0.1]`: the URL parser writes them as the address they are).
 */
function sameBase(base: string, location: string | null, from: string): string | null {
  if (location === null) return null;
  const target = URL.parse(location, from);
  if (target === null || target.username !== '' || target.password !== '') return null;
  const href = target.href;
  return href.startsWith(`${base}/`) || href === base ? href : null;
}

/** A try of the call: the request (and its same-base redirects) and `read`, within `times`. */
export async function attempt<T>(
  upstream: Upstream,
  first: string,
  options: UpstreamCallOptions,
  read: (reply: Reply) => T | Promise<T>,
  times: TryTimes,
): Promise<T> {
  if (options.shared !== true) options.scope?.signal.throwIfAborted();
  // The whole try, redirects included; each request of it has `firstByteMs` for its status line.
  const { clock } = upstream;
  const whole = new AbortController();
  const timeout = whole.signal;
  const stopWhole = clock.timer(times.totalMs, () => whole.abort(new DOMException('no whole answer', 'TimeoutError')));
  try {
    return await hops(upstream, first, options, read, times, clock, timeout);
  } finally {
    stopWhole();
  }
}

/** The try's requests: the first and its same-base redirects, within the whole try's `timeout`. */
async function hops<T>(
  upstream: Upstream,
  first: string,
  options: UpstreamCallOptions,
  read: (reply: Reply) => T | Promise<T>,
  times: TryTimes,
  clock: Clock,
  timeout: AbortSignal,
): Promise<T> {
  const signal = options.scope?.signal;
  const tally = options.scope?.tally;
  const shared = options.shared === true;
  // A raw call (a health probe) says what one request saw: its redirect too, unfollowed.
  const follow = options.redirect !== 'manual' && options.raw !== true;
  let url = first;
  for (let hop = 0; ; hop++) {
    const silence = new AbortController();
    const stopSilence = clock.timer(times.firstByteMs, () =>
      silence.abort(new DOMException('no first byte', 'TimeoutError')),
    );
    const failed = (error: unknown, what: 'answer' | 'body'): unknown => {
      if (!shared && signal?.aborted) return signal.reason;
      if (silence.signal.aborted || timeout.aborted) {
        const ms = silence.signal.aborted ? times.firstByteMs : times.totalMs;
        return retryable(failure(upstream, `sent no ${what} within ${ms} ms`, 'upstream_timeout', error));
      }
      if (what === 'body')
        return retryable(failure(upstream, 'failed while sending the body', 'upstream_error', error));
      const cause = networkFailure(error);
      const unreachable = failure(
        upstream,
        `${upstream.speaker === undefined ? '' : 'is '}unreachable: ${cause.words}`,
        'upstream_error',
        error,
      );
      return cause.transient ? retryable(unreachable) : unreachable;
    };
    const limits = AbortSignal.any([timeout, silence.signal]);
    let response: Response;
    // Each request the try sends counts on its request's log line, redirects included, and is
    // reported once with how it ended (`report.ts`).
    if (tally) tally.upstream++;
    const report = upstream.report;
    const callerGone = () => !shared && signal?.aborted === true;
    try {
      response = await upstream.fetch(url, {
        method: options.method ?? 'GET',
        // Followed here, by hand, within bounds (`sameBase`), never by fetch.
        redirect: 'manual',
        signal: shared ? limits : withTimeout(signal, limits),
        body: options.body,
        headers: options.headers,
      });
    } catch (error) {
      const thrown = failed(error, 'answer');
      report?.sent(unansweredResultOf(thrown, callerGone()));
      throw thrown;
    } finally {
      stopSilence();
    }
    // Not awaited: a cancel may settle only when every reader of a teed body has let go.
    const drop = (): void => void response.body?.cancel().catch(() => {});
    if (follow && isRedirect(response.status)) {
      drop();
      const next = sameBase(upstream.base, response.headers.get('location'), url);
      if (next === null || hop >= MAX_SAME_BASE_REDIRECTS) {
        report?.sent('bad_answer');
        throw failure(upstream, `answered HTTP ${response.status} to somewhere else`);
      }
      report?.sent('ok');
      url = next;
      continue;
    }
    if (
      options.raw !== true &&
      (response.status >= 500 || (response.status === 429 && options.passOnRateLimit === true))
    ) {
      drop();
      report?.sent(response.status === 429 ? 'http_4xx' : 'http_5xx');
      throw response.status === 429
        ? rateLimited(upstream, response.headers)
        : retryable(failure(upstream, `answered HTTP ${response.status}`));
    }
    let result: T;
    try {
      result = await read(reply(upstream, response, options.maxBytes ?? MAX_BODY_BYTES, failed));
    } catch (error) {
      report?.sent(resultOf(response.status, error, callerGone()));
      throw error;
    } finally {
      if (!response.bodyUsed) drop();
    }
    report?.sent(resultOf(response.status, undefined, false));
    return result;
  }
}

function reply(
  upstream: Upstream,
  response: Response,
  maxBytes: number,
  failed: (error: unknown, what: 'body') => unknown,
): Reply {
  const over = (): SleeveError => failure(upstream, `sent a body over ${maxBytes} bytes`);
  const bytes = async (): Promise<Uint8Array<ArrayBuffer>> => {
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw over();
    let body: Uint8Array<ArrayBuffer> | null;
    try {
      body = await readAtMost(response.body, maxBytes);
    } catch (error) {
      throw failed(error, 'body');
    }
    if (body === null) throw over();
    return body;
  };
  const text = async (): Promise<string> => new TextDecoder().decode(await bytes());
  return {
    upstream,
    status: response.status,
    headers: response.headers,
    text,
    bytes,
    json: async () => {
      let body: string;
      try {
        body = await text();
      } catch (error) {
        // Over the limit where JSON was asked: a CDN's or a proxy's page, not the API's answer.
        throw error instanceof SleeveError && error.code === 'upstream_error' ? retryable(error) : error;
      }
      return jsonOf(upstream, { status: response.status, text: body });
    },
  };
}
