/**
 * @module
 * One call to an upstream, the one way every driver makes it, composed of the kit's policies:
 * the circuit (`circuit.ts`) around the budget's turn (`budget.ts`) and the tries
 * (`retry.ts`), each try one `attempt` (`attempt.ts`: its timeouts, redirects and size limit),
 * the body read as text, JSON or bytes with the answer's status and headers, and every way it
 * can fail turned into the error a caller should see, saying where it happened
 * (`upstream.ts`):
 *
 * - no answer (or no whole body) within the upstream's timeout is `504 upstream_timeout`;
 * - unreachable, a 5xx, a body over the size limit or cut off, or (for JSON) unreadable, is
 *   `502 upstream_error`;
 * - a caller that aborts gets its own abort reason back, never an upstream error.
 *
 * Other statuses are the driver's to read (Deezer says "not found" in an HTTP-200 body, others
 * with a 404; a 429 is a rate limit for some and a retry for ReccoBeats), in the `read`
 * function it passes: that runs inside the upstream's circuit, so what it throws counts as the
 * upstream failing when it is a 502 or a 504 (`circuit.ts`), and it reads the body only if it
 * needs it (an unread body is cancelled, never left open).
 *
 * Only AzuraCast's live feed does not come here: a Server-Sent Events stream stays open for
 * minutes and is read as it arrives (`azuracast/watch.ts`), where a call is one answer read
 * whole within a timeout.
 */
import type { SleeveError } from '../../../errors.ts';
import { attempt } from './attempt.ts';
import { REQUEST_BOUND_MS } from '../bounds.ts';
import { CircuitOpen, isBudgetRefusal } from '../refusals.ts';
import { MIN_TRY_MS, tries } from './retry.ts';
import {
  failure,
  isRedirect,
  urlOf,
  type TextReply,
  type UpstreamCallOptions,
  type Reply,
  type Upstream,
} from './upstream.ts';

export { UPSTREAM_TIMEOUT_MS } from '../bounds.ts';
export { retryable } from '../refusals.ts';
export { jsonOf } from './upstream.ts';
export { FIRST_BYTE_MS, MAX_TRIES, MIN_TRY_MS, TRY_MS } from './retry.ts';
export { isRedirect, type TextReply, type UpstreamCallOptions, type Reply, type Upstream } from './upstream.ts';

/**
 * One call of `path` under the upstream's base, its answer given to `read` (which may read the
 * body once, as text, JSON or bytes); what `read` returns is the call's result.
 *
 * A GET is tried again when it fails in a way another try may not (`retryable`), up to
 * `MAX_TRIES`, each try through the budget as the first, within the call's
 * timeout and the request's bound (`scope.ts`): a try that is not the last gives
 * up at `FIRST_BYTE_MS` without a status line or at `TRY_MS` without its whole body, leaving
 * the rest of the 2.5 s to the next. Never after a 4xx or a "not found", never for a POST (the
 * model's answers cost a generation and have their own 30 s), never for a raw call (a
 * health probe says what one call saw).
 */
export function call<T>(
  upstream: Upstream,
  path: string,
  options: UpstreamCallOptions,
  read: (reply: Reply) => T | Promise<T>,
): Promise<T> {
  const url = urlOf(upstream, path, options.query);
  if (options.raw === true)
    return attempt(upstream, url, options, read, { firstByteMs: upstream.timeoutMs, totalMs: upstream.timeoutMs });
  const { clock } = upstream;
  const { scope } = options;
  // A shared call waits on no one's abort, but for the client of the request that made it.
  const abortable = options.shared !== true;
  const caller = abortable ? scope?.signal : undefined;
  const idempotent = (options.method ?? 'GET') === 'GET';
  const turnsBy = (idempotent ? scope?.turnsBy : undefined) ?? Infinity;
  const requestEnd = (idempotent ? scope?.until : undefined) ?? Infinity;
  let end = requestEnd;
  const plan = tries(idempotent);
  // `now` read once where the call's end was just set from it: a second read could fall in the
  // next millisecond and give the first try 49 ms of a 50-ms timeout.
  const one = (now: number = clock.now()): Promise<T> => attempt(upstream, url, options, read, plan.next(end - now));
  const again = async (error: unknown): Promise<T> => {
    if (!plan.again(error, caller?.aborted === true)) throw error;
    await clock.sleep(plan.pauseMs());
    // No turn in time for a try worth making: the caller hears what failed, not the budget.
    try {
      await upstream.budget?.take(scope, { until: end - MIN_TRY_MS, abortable });
    } catch (refusal) {
      if (isBudgetRefusal(refusal)) upstream.report?.refused('budget');
      throw error;
    }
    if (end - clock.now() < MIN_TRY_MS) throw error;
    return one().catch(again);
  };
  // The circuit counts the call once, its retries included: a flaky upstream's call that a
  // retry saved is a call that worked (`circuit.ts`).
  const run = async (): Promise<T> => {
    if (requestEnd - clock.now() < MIN_TRY_MS)
      throw failure(
        upstream,
        `not asked: the request's ${REQUEST_BOUND_MS} ms for its upstream calls are spent`,
        'upstream_timeout',
      );
    try {
      await upstream.budget?.take(scope, { until: Math.min(turnsBy, requestEnd - MIN_TRY_MS), abortable });
    } catch (refusal) {
      if (isBudgetRefusal(refusal)) upstream.report?.refused('budget');
      throw refusal;
    }
    // The call's time starts once it has its turn.
    const now = clock.now();
    end = Math.min(now + upstream.timeoutMs, requestEnd);
    return one(now).catch(again);
  };
  if (!upstream.circuit) return run();
  let letThrough = false;
  return upstream.circuit
    .run(() => {
      letThrough = true;
      return run();
    })
    .catch((error: unknown) => {
      // Refused before `run` started: the circuit is open, nothing was asked of the budget or sent.
      if (!letThrough && error instanceof CircuitOpen) upstream.report?.refused('circuit');
      throw error;
    });
}

/**
 * `read` for `call` as most drivers want it: the whole answer as text. A redirect's or a 5xx's
 * body is left unread: nobody reads it, and it may be anything.
 */
export async function textReplyOf(reply: Reply): Promise<TextReply> {
  const unread = isRedirect(reply.status) || reply.status >= 500;
  return { status: reply.status, headers: reply.headers, text: unread ? '' : await reply.text() };
}

/** An answer whose status the driver did not expect: the upstream failing (502), with the start of what it said. */
export function unexpected(upstream: Upstream, answer: TextReply): SleeveError {
  return failure(upstream, `answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
}
