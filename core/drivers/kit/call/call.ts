/**
 * @module
 * One call to an upstream, the one way every driver makes it, through the kit's policies in
 * their one order (`policies.ts`: the circuit, the tries, a budget turn and times for each try,
 * redirects, the statuses that fail, the report of each request sent, the first-byte timeout),
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
 * needs it (an unread body is cancelled, never left open). What it throws may ask for another
 * try (`retryable`) or for everyone to hold off the upstream first (`HoldOff`).
 *
 * Only AzuraCast's live feed does not come here: a Server-Sent Events stream stays open for
 * minutes and is read as it arrives (`azuracast/watch.ts`), where a call is one answer read
 * whole within a timeout.
 */
import type { SleeveError } from '../../../errors.ts';
import { upstreamCall } from './policies.ts';
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
export { HoldOff } from './hold-off.ts';
export { jsonOf } from './upstream.ts';
export { FIRST_BYTE_MS, MAX_TRIES, MIN_TRY_MS, TRY_MS } from '../policies/retry.ts';
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
  return upstreamCall({
    upstream,
    url: urlOf(upstream, path, options.query),
    options,
    read,
    // Set by the retry policy; a raw call is one try with the upstream's whole timeout.
    tries: undefined,
    times: { firstByteMs: upstream.timeoutMs, totalMs: upstream.timeoutMs },
    // A shared call waits on no one's abort, but for the client of the request that made it.
    signal: options.shared === true ? undefined : options.scope?.signal,
    explain: () => undefined,
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
